import { useParams } from 'react-router-dom';
import { ComingSoon } from 'shared-contracts/ui';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

/** /esim/:eid: frame and placeholder; the content comes with its own issue. */
export function SlotRemotePage() {
  const { t } = useRemoteTranslation();
  const { eid = '' } = useParams();
  return (
    <PageFrame page="slotRemote" title={t('pages.slotRemote.title')}>
      <ComingSoon line={t('pages.slotRemote.line', { eid })} />
    </PageFrame>
  );
}
