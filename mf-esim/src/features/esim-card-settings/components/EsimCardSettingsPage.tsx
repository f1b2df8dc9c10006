import { ComingSoon } from 'shared-contracts/ui';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

/** /esim/card/set/0: frame and placeholder; the content comes with its own issue. */
export function EsimCardSettingsPage() {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame page="esimCardSettings" title={t('pages.esimCardSettings.title')} nav="back">
      <ComingSoon line={t('pages.esimCardSettings.line')} />
    </PageFrame>
  );
}
