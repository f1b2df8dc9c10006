import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { messageKeyFor, NETWORK_ERROR_KEY, normalizeLanguage } from 'shared-contracts';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';
import { Button, Card, Muted } from 'shared-contracts/ui';
import { useCard } from '../hooks/use-card';
import { CardSummary } from './CardSummary';

const Skeleton = styled(Card)`
  block-size: 180px;
  background: linear-gradient(90deg, #eceef1 25%, #f6f7f9 50%, #eceef1 75%) 0 0 / 200% 100%;
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  > * {
    flex: 1;
  }
`;

/** /{flag}/{iccid} (and ?mode=search): the card's status, expiry and data; refresh reloads it from the network. */
export function CardPage() {
  const { flag = '2', iccid = '' } = useParams();
  const { t, i18n } = useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const location = useLocation();
  const refill = new URLSearchParams(location.search).get('mode') === 'search';

  const onFlag = useCallback(
    (next: string) =>
      navigate(
        { pathname: `/${encodeURIComponent(next)}/${encodeURIComponent(iccid)}`, search: location.search },
        {
          replace: true,
        },
      ),
    [navigate, iccid, location.search],
  );
  const { state, refreshing, refresh, reload } = useCard({
    flag,
    iccid,
    lang: normalizeLanguage(i18n.language),
    onFlag,
  });

  return (
    <PageFrame page="card" title={refill ? t('pages.refill.title') : t('pages.card.title')}>
      {state.status === 'loading' && <Skeleton aria-busy="true" aria-label={t('card.loading')} />}
      {state.status === 'failed' && (
        <Card role="alert" data-testid="card-error">
          <Muted>{tc(state.network ? NETWORK_ERROR_KEY : messageKeyFor(state.code))}</Muted>
          <Button type="button" $variant="secondary" onClick={reload} style={{ marginBlockStart: 12 }}>
            {t('card.tryAgain')}
          </Button>
        </Card>
      )}
      {state.status === 'ready' && (
        <>
          <CardSummary card={state.card} iccid={iccid} />
          <Actions>
            <Button type="button" onClick={() => void refresh()} disabled={refreshing} data-testid="card-refresh">
              {refreshing ? t('card.refreshing') : t('card.refresh')}
            </Button>
          </Actions>
        </>
      )}
      <Muted data-testid="card-coming">{refill ? t('pages.refill.line') : t('pages.card.line')}</Muted>
    </PageFrame>
  );
}
