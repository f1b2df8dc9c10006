import { validateEmail, validateOrderEmail, type Language } from 'shared-contracts';
import { EmailDialog as EmailForm } from 'shared-contracts/ui/email-dialog';
import { getApiClient } from '../../../lib/api-client';
import { moreText } from '../../../lib/text-more';

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
 * E-mail bind and send dialog (spec section 5, the shared e-mail dialog): the address is bound to the card, and in
 * 'send' mode the order is mailed to it too; sending an order mail without an order id answers 'errorOrderId'.
 */
export function EmailDialog({ iccid, lang, current, mode, orderId, onClose, onBound }: EmailDialogProps) {
  const { t } = moreText.useRemoteTranslation();
  const send = mode === 'send';

  const submit = async (email: string) => {
    const client = getApiClient();
    const bound = await client.call('setEmail', { email, iccid });
    if (!bound.ok) return false;
    if (send && orderId) {
      const sent = await client.call('sendEmail', { id: orderId, email, lang });
      if (!sent.ok) return false;
    }
    onBound?.(email);
    return true;
  };

  return (
    <EmailForm
      text={{
        title: send ? t('email.sendTitle') : t('email.title'),
        intro: send ? t('email.sendBody') : t('email.body'),
        label: t('email.label'),
        submit: send ? t('email.send') : t('email.save'),
        busy: t('working'),
        cancel: t('cancel'),
        close: t('close'),
      }}
      initial={current}
      validate={(value) => (send ? validateOrderEmail(orderId ?? '', value) : validateEmail(value))}
      onSubmit={submit}
      onClose={onClose}
      testId="email"
      done={(email) => ({
        messageKey: send ? 'cardMore:email.sent' : 'cardMore:email.saved',
        values: { email },
      })}
    />
  );
}
