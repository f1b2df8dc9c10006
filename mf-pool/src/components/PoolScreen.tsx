import { type ReactNode } from 'react';
import { getStorage, STORAGE_KEYS } from 'shared-contracts';
import { CARD_LIST_PATH, LOGIN_PATH } from '../lib/paths';
import { PageFrame, useRemoteTranslation } from '../lib/remote';
import { PageMessage } from './PageMessage';

/**
 * The frame of every pool screen (back button, title): a visitor is asked to log in, a screen without a pool says so
 * and leads to the card list; otherwise `children` draws the screen for the pool.
 */
export function PoolScreen({
  page,
  poolObjectId,
  children,
}: {
  /** Which screen: data-page and its title (pages.<page>.title). */
  page: 'poolDetail' | 'poolAdd' | 'poolSettings' | 'poolPackages';
  poolObjectId: string | null;
  children: (poolObjectId: string) => ReactNode;
}) {
  const { t } = useRemoteTranslation();
  let body: ReactNode;
  if (!getStorage().get(STORAGE_KEYS.RECEIPT)) {
    body = <PageMessage line={t('ui.loginLine')} to={LOGIN_PATH} label={t('ui.login')} testId="pool-login" />;
  } else if (!poolObjectId) {
    body = <PageMessage line={t('ui.noPool')} to={CARD_LIST_PATH} label={t('ui.toList')} testId="pool-none" />;
  } else {
    body = children(poolObjectId);
  }
  return (
    <PageFrame page={page} title={t(`pages.${page}.title`)} nav="back">
      {body}
    </PageFrame>
  );
}
