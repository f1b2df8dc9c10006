import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { getBus, LANGUAGES, regionOptions, type Language } from 'shared-contracts';
import { DialogActions } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { useAuth } from '../../../lib/auth';
import { useLocale } from '../../../lib/locale';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  label {
    font-weight: 600;
  }
  select {
    min-block-size: ${({ theme }) => theme.touch};
    padding-inline: ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.surface};
    font: inherit;
    color: inherit;
  }
  select:disabled {
    background: ${({ theme }) => theme.color.background};
    color: ${({ theme }) => theme.color.textMuted};
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const NATIVE_NAMES = new Map(LANGUAGES.map((entry) => [entry.code, entry.nativeName]));

/** Language, currency and (logged-in users only) region. A `lan` link locks the language. */
export default function LocaleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const locale = useLocale();
  const { loggedIn } = useAuth();
  const [language, setLanguage] = useState<Language>(locale.language);
  const [currency, setCurrency] = useState(locale.currency ?? '');
  const [region, setRegion] = useState(locale.region);
  const [saving, setSaving] = useState(false);
  const ids = { language: useId(), currency: useId(), region: useId(), locked: useId() };
  const regions = useMemo(() => (loggedIn ? regionOptions(locale.language) : []), [loggedIn, locale.language]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await locale.update({
        language: locale.locked ? undefined : language,
        currency: currency || undefined,
        region: loggedIn ? region : undefined,
      });
      getBus().publish('toast', { kind: 'success', messageKey: 'shell:settings.saved' });
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      placement="sheet"
      title={t('settings.title')}
      closeLabel={t('settings.close')}
      onClose={onClose}
      testId="locale-dialog"
    >
      <Form onSubmit={submit}>
        <Field>
          <label htmlFor={ids.language}>{t('settings.language')}</label>
          <select
            id={ids.language}
            data-testid="locale-language"
            value={language}
            disabled={locale.locked}
            aria-describedby={locale.locked ? ids.locked : undefined}
            onChange={(event) => setLanguage(event.target.value as Language)}
          >
            {locale.languages.map((code) => (
              <option key={code} value={code} lang={code}>
                {NATIVE_NAMES.get(code) ?? code}
              </option>
            ))}
          </select>
          {locale.locked && (
            <small id={ids.locked} data-testid="locale-locked">
              {t('settings.locked')}
            </small>
          )}
        </Field>
        <Field>
          <label htmlFor={ids.currency}>{t('settings.currency')}</label>
          <select
            id={ids.currency}
            data-testid="locale-currency"
            value={currency}
            onChange={(event) => setCurrency(event.target.value)}
          >
            {locale.currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </Field>
        {loggedIn && (
          <Field>
            <label htmlFor={ids.region}>{t('settings.region')}</label>
            <select
              id={ids.region}
              data-testid="locale-region"
              value={region}
              onChange={(e) => setRegion(e.target.value)}
            >
              {regions.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.name}
                </option>
              ))}
            </select>
          </Field>
        )}
        <DialogActions
          cancelLabel={t('settings.cancel')}
          onCancel={onClose}
          confirmLabel={t('settings.save')}
          disabled={saving}
          confirmTestId="locale-save"
        />
      </Form>
    </Dialog>
  );
}
