import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CLIENT_MESSAGES, type Language } from 'shared-contracts';
import { DialogActions, Muted } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { TextLink } from '../../../components/parts';
import { useRemoteTranslation } from '../../../lib/remote';
import { formatDay, reminderKind } from '../lib/dates';

/** A question of the purchase flow over the sheet: its text, then Cancel (also × and Escape) or go on. */
function ChoiceDialog({
  title,
  testId,
  confirm,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  /** `<testId>-dialog`, `-cancel` and `-<confirm.id>`. */
  testId: string;
  confirm: { label: string; id: string };
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useRemoteTranslation();
  return (
    <Dialog title={title} closeLabel={t('sheet.close')} onClose={onCancel} testId={`${testId}-dialog`}>
      {children}
      <DialogActions
        cancelLabel={t('dialog.cancel')}
        onCancel={onCancel}
        cancelTestId={`${testId}-cancel`}
        confirmLabel={confirm.label}
        onConfirm={onConfirm}
        confirmTestId={`${testId}-${confirm.id}`}
      />
    </Dialog>
  );
}

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
    <ChoiceDialog
      title={t('renewal.title')}
      testId="renewal"
      confirm={{ label: t('dialog.ok'), id: 'ok' }}
      onConfirm={() => onAnswer(true)}
      onCancel={() => onAnswer(false)}
    >
      <Muted>{renewPrice ? t('renewal.body', { price: renewPrice }) : t('renewal.bodyNoPrice')}</Muted>
      <Muted>{t('renewal.off')}</Muted>
      <TextLink href={renewalUrl} target="_blank" rel="noopener">
        {t('pages.renewAgreement.title')}
      </TextLink>
    </ChoiceDialog>
  );
}

/** The pay check found an unused package on the card (10104): buying another one is the user's choice. */
export function UnusedDialog({ onContinue, onCancel }: { onContinue: () => void; onCancel: () => void }) {
  const { t } = useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  return (
    <ChoiceDialog
      title={t('unused.title')}
      testId="unused"
      confirm={{ label: t('unused.continue'), id: 'continue' }}
      onConfirm={onContinue}
      onCancel={onCancel}
    >
      <Muted role="alert">{tc(CLIENT_MESSAGES.unusedPackage)}</Muted>
    </ChoiceDialog>
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
    <ChoiceDialog
      title={t('reminder.title')}
      testId="reminder"
      confirm={{ label: t('reminder.continue'), id: 'continue' }}
      onConfirm={onContinue}
      onCancel={onCancel}
    >
      <Muted data-testid="reminder-text" data-kind={kind}>
        {kind === 'future'
          ? t('reminder.future', { date })
          : kind === 'past'
            ? t('reminder.past', { date })
            : t('reminder.unknown')}
      </Muted>
    </ChoiceDialog>
  );
}
