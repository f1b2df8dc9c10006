import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getBus, SUCCESS_MESSAGES, validateEmail, validateOrderEmail, type Language } from 'shared-contracts';
import { Button, Muted } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { getApiClient } from '../../../lib/api-client';
import { moreText } from '../../../lib/text-more';
import { Actions, ErrorLine, Field } from './parts';

export interface EmailDialogProps {
  iccid: string;
  lang: Language;
  /** The e-mail already bound to the card ('' when none, or when the viewer may not see it). */
  current: string;
  /** 'bind' binds the address to the card (set/email); 'send' also mails the order (send/email, needs orderId). */
  mode: 'bind' | 'send';
  orderId?: string;
  onClose: () => void;
  /** After a successful bind: the page shows the new address. */
  onBound?: (email: string) => void;
}

/**
 * E-mail bind and send dialog (spec section 5): whitespace removed, at most 64 characters, empty → 'null', a
 * malformed address → 'type'; an invalid submit shows the message under the field and as a toast. Sending an order
 * mail without an order id answers 'errorOrderId'.
 */
export function EmailDialog({ iccid, lang, current, mode, orderId, onClose, onBound }: EmailDialogProps) {
  const { t } = moreText.useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = mode === 'send' ? validateOrderEmail(orderId ?? '', value) : validateEmail(value);
    if (!check.ok) {
      setError(check.error);
      getBus().publish('toast', { kind: 'error', messageKey: check.error });
      return;
    }
    setError(null);
    setBusy(true);
    const client = getApiClient();
    const bound = await client.call('setEmail', { email: check.value, iccid });
    const sent =
      bound.ok && mode === 'send' && orderId
        ? await client.call('sendEmail', { id: orderId, email: check.value, lang })
        : bound;
    setBusy(false);
    if (!bound.ok || !sent.ok) return;
    getBus().publish('toast', { kind: 'success', messageKey: SUCCESS_MESSAGES.succOperation });
    onBound?.(check.value);
    onClose();
  };

  return (
    <Dialog title={mode === 'send' ? t('email.sendTitle') : t('email.title')} closeLabel={t('close')} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="email-dialog">
        <Muted>{mode === 'send' ? t('email.sendBody') : t('email.body')}</Muted>
        <Field style={{ marginBlockStart: 16 }}>
          <label htmlFor={inputId}>{t('email.label')}</label>
          <input
            id={inputId}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            data-testid="email-input"
          />
          {error && (
            <ErrorLine id={errorId} role="alert" data-testid="email-error">
              {tc(error)}
            </ErrorLine>
          )}
        </Field>
        <Actions>
          <Button type="button" $variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={busy} data-testid="email-submit">
            {busy ? t('working') : mode === 'send' ? t('email.send') : t('email.save')}
          </Button>
        </Actions>
      </form>
    </Dialog>
  );
}
