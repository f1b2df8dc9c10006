import { useTranslation } from 'react-i18next';
import { CLIENT_MESSAGES, type Language } from 'shared-contracts';
import { Button, Muted } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { Actions, TextLink } from '../../../components/parts';
import { useRemoteTranslation } from '../../../lib/remote';
import { formatDay, reminderKind } from '../lib/dates';

/** Ticking auto-renewal: OK keeps it, Cancel unticks it (and the sheet says auto-renew is cancelled). */
export function RenewalDialog({
  renewPrice,
  renewalUrl,
  onAnswer,
}: {
  renewPrice: string;
  renewalUrl: string;
  onAnswer: (ok: boolean) => void;
}) {
  const { t } = useRemoteTranslation();
  return (
    <Dialog
      title={t('renewal.title')}
      closeLabel={t('sheet.close')}
      onClose={() => onAnswer(false)}
      testId="renewal-dialog"
    >
      <Muted>{renewPrice ? t('renewal.body', { price: renewPrice }) : t('renewal.bodyNoPrice')}</Muted>
      <Muted>{t('renewal.off')}</Muted>
      <TextLink href={renewalUrl} target="_blank" rel="noopener">
        {t('pages.renewAgreement.title')}
      </TextLink>
      <Actions>
        <Button type="button" $variant="secondary" onClick={() => onAnswer(false)} data-testid="renewal-cancel">
          {t('dialog.cancel')}
        </Button>
        <Button type="button" onClick={() => onAnswer(true)} data-testid="renewal-ok">
          {t('dialog.ok')}
        </Button>
      </Actions>
    </Dialog>
  );
}

/** The pay check found an unused package on the card (10104): buying another one is the user's choice. */
export function UnusedDialog({ onContinue, onCancel }: { onContinue: () => void; onCancel: () => void }) {
  const { t } = useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  return (
    <Dialog title={t('unused.title')} closeLabel={t('sheet.close')} onClose={onCancel} testId="unused-dialog">
      <Muted role="alert">{tc(CLIENT_MESSAGES.unusedPackage)}</Muted>
      <Actions>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          {t('dialog.cancel')}
        </Button>
        <Button type="button" onClick={onContinue} data-testid="unused-continue">
          {t('unused.continue')}
        </Button>
      </Actions>
    </Dialog>
  );
}

/**
 * Auto-renew is already on for this card: a reminder before buying, worded by whether the order time (Card.create)
 * is still ahead or already past.
 */
export function ReminderDialog({
  orderTime,
  lang,
  onContinue,
  onCancel,
}: {
  orderTime: number | null;
  lang: Language;
  onContinue: () => void;
  onCancel: () => void;
}) {
  const { t } = useRemoteTranslation();
  const kind = reminderKind(orderTime);
  const date = orderTime !== null && kind !== 'unknown' ? formatDay(orderTime, lang) : '';
  return (
    <Dialog title={t('reminder.title')} closeLabel={t('sheet.close')} onClose={onCancel} testId="reminder-dialog">
      <Muted data-testid="reminder-text" data-kind={kind}>
        {kind === 'future'
          ? t('reminder.future', { date })
          : kind === 'past'
            ? t('reminder.past', { date })
            : t('reminder.unknown')}
      </Muted>
      <Actions>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          {t('dialog.cancel')}
        </Button>
        <Button type="button" onClick={onContinue} data-testid="reminder-continue">
          {t('reminder.continue')}
        </Button>
      </Actions>
    </Dialog>
  );
}
