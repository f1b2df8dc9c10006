import { useTranslation } from 'react-i18next';
import { type EventMap } from 'shared-contracts';
import { Dialog } from '../../../components/Dialog';

/** The support sheet. The chat itself arrives with its own issue; until then it says which account it is for. */
export default function SupportDialog({
  request,
  onClose,
}: {
  request: EventMap['support:open'];
  onClose: () => void;
}) {
  const { t } = useTranslation('shell');
  return (
    <Dialog open title={t('support.title')} closeLabel={t('support.close')} onClose={onClose} testId="support-dialog">
      <p>{t('support.body')}</p>
      {request.email && <p>{t('support.account', { email: request.email })}</p>}
      {request.iccid && <p>{t('support.card', { iccid: request.iccid })}</p>}
    </Dialog>
  );
}
