import styled from 'styled-components';
import { formatMoment } from 'shared-contracts';
import { Button, Card } from 'shared-contracts/ui';
import { useRemoteTranslation } from '../../../lib/remote';
import { type LastCard } from '../lib/last-card';
import { CardSummary } from './CardSummary';

const Notice = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  border-inline-start: 4px solid ${({ theme }) => theme.color.warning};
  p {
    margin: 0;
    font-size: ${({ theme }) => theme.font.sm};
    color: ${({ theme }) => theme.color.text};
  }
  strong {
    font-variant-numeric: tabular-nums;
  }
`;

/**
 * The card page when the network fails: the last known data left and expiry of this card, with when they were
 * fetched, and a way to try again. Packages and buying need the network and are left out.
 */
export function OfflineCard({ last, onRetry }: { last: LastCard; onRetry: () => void }) {
  const { t, i18n } = useRemoteTranslation();
  return (
    <>
      <Notice role="status" data-testid="card-offline">
        <p>{t('card.offline')}</p>
        <p data-testid="card-last-updated">
          <strong>{t('card.lastUpdated', { time: formatMoment(last.savedAt, i18n.language) })}</strong>
        </p>
        <Button type="button" $variant="secondary" onClick={onRetry} style={{ justifySelf: 'start' }}>
          {t('card.tryAgain')}
        </Button>
      </Notice>
      <CardSummary card={last.card} iccid={last.card.iccid} />
    </>
  );
}
