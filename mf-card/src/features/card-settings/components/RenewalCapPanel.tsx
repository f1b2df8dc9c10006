import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { currencyDigits, formatPrice, getBus, getStorage, STORAGE_KEYS } from 'shared-contracts';
import { Button, ErrorLine, Muted } from 'shared-contracts/ui';
import { getApiClient } from '../../../lib/api-client';
import { moreText } from '../../../lib/text-more';
import { loadRenewalCap, saveRenewalCap } from '../api/card-settings';
import { Field, Panel, TextInput } from './styles';

type Cap = { amount: number | null; ccy: string | null };

/** Major units typed by a person ("25", "25.50", "25,5") as minor units of the currency; null when not a price. */
export function parseMajor(text: string, ccy: string): number | null {
  const digits = currencyDigits(ccy);
  const normalized = text.trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d+)?$/.test(normalized)) return null;
  const [whole = '0', fraction = ''] = normalized.split('.');
  if (fraction.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || 0);
}

/** The cap as a price, null when there is none. A cap of 0 is a cap too (no renewal charge at all). */
function capText(cap: Cap, lang: string): string | null {
  if (cap.amount == null || !cap.ccy) return null;
  return formatPrice(cap.amount, cap.ccy, { lang }) ?? `0 ${cap.ccy}`;
}

/**
 * /card/set: the monthly spending cap for auto-renewal (beyond the spec). Renewals of this card never charge past
 * it in a calendar month; one that would is skipped and the owner is told by e-mail.
 */
export function RenewalCapPanel({ iccid }: { iccid: string }) {
  const { t, i18n } = moreText.useRemoteTranslation();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [cap, setCap] = useState<Cap | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState(false);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const pageCcy = getStorage().get(STORAGE_KEYS.CURRENCY_KEY) || 'USD';
  const ccy = cap?.ccy ?? pageCcy;

  useEffect(() => {
    let live = true;
    void loadRenewalCap(getApiClient(), iccid).then((result) => {
      if (live && result.ok) setCap(result.data);
    });
    return () => {
      live = false;
    };
  }, [iccid]);

  const store = async (amount: number | null) => {
    setSaving(true);
    const result = await saveRenewalCap(getApiClient(), iccid, amount, ccy);
    setSaving(false);
    if (!result.ok) return;
    setCap(result.data);
    setText('');
    // Save (now empty) is disabled and Remove may be gone: the keyboard focus goes back to the amount.
    input.current?.focus();
    const saved = capText(result.data, i18n.language);
    getBus().publish(
      'toast',
      saved
        ? { kind: 'success', messageKey: 'cardMore:settings.capSaved', values: { amount: saved } }
        : { kind: 'success', messageKey: 'cardMore:settings.capRemoved' },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseMajor(text, ccy);
    setError(amount === null);
    if (amount !== null && !saving) void store(amount);
  };

  const current = cap ? capText(cap, i18n.language) : null;

  return (
    <Panel as="form" onSubmit={submit} aria-labelledby={`${inputId}-title`} data-testid="renewal-cap">
      <h2 id={`${inputId}-title`}>{t('settings.capTitle')}</h2>
      <Muted data-testid="renewal-cap-current">
        {current ? t('settings.capCurrent', { amount: current }) : t('settings.capNone')}
      </Muted>
      <Field>
        <label htmlFor={inputId}>{t('settings.capLabel', { ccy })}</label>
        <TextInput
          ref={input}
          id={inputId}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(false);
          }}
          aria-invalid={error || undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          data-testid="renewal-cap-input"
        />
        <Muted id={hintId}>{t('settings.capHint')}</Muted>
        {error ? (
          <ErrorLine id={errorId} role="alert">
            {t('settings.capInvalid')}
          </ErrorLine>
        ) : null}
      </Field>
      <Button type="submit" disabled={saving || text.trim() === ''} data-testid="renewal-cap-save">
        {t('settings.capSave')}
      </Button>
      {cap?.amount != null ? (
        <Button
          type="button"
          $variant="secondary"
          disabled={saving}
          onClick={() => void store(null)}
          data-testid="renewal-cap-remove"
        >
          {t('settings.capRemove')}
        </Button>
      ) : null}
    </Panel>
  );
}
