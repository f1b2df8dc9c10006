import styled from 'styled-components';
import { Button, ButtonLink, Card, MessageCard, Muted } from 'shared-contracts/ui';
import { useRemoteTranslation } from '../lib/remote';

/** A part of a page: a card with its heading (h2) above its content. */
export const Panel = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.lg};
  }
  h2:focus {
    outline: none;
  }
`;

/**
 * A page's message in place of its content (log in first, no pool chosen, the pool is gone, a failed load) with the
 * way on: a link (`to` and `label`) or, after a failure, Try again (`onRetry`; the message is then an alert).
 */
export function PageMessage({
  line,
  to,
  label,
  onRetry,
  testId,
}: {
  line: string;
  to?: string;
  label?: string;
  onRetry?: () => void;
  testId?: string;
}) {
  const { t } = useRemoteTranslation();
  return (
    <MessageCard data-testid={testId}>
      <Muted role={onRetry ? 'alert' : 'status'}>{line}</Muted>
      {to && label ? <ButtonLink to={to}>{label}</ButtonLink> : null}
      {onRetry ? (
        <Button type="button" $variant="secondary" onClick={onRetry}>
          {t('ui.retry')}
        </Button>
      ) : null}
    </MessageCard>
  );
}
