import styled from 'styled-components';
import { useRemoteTranslation } from '../../../lib/remote';

const Row = styled.div`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.sm};
  button {
    display: grid;
    justify-items: center;
    gap: 2px;
    min-block-size: 56px;
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.xs};
    border: 0;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surface};
    box-shadow: ${({ theme }) => theme.shadow};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    font-size: ${({ theme }) => theme.font.sm};
    cursor: pointer;
  }
  button:disabled {
    opacity: 0.55;
    cursor: progress;
  }
  button:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  svg {
    inline-size: 22px;
    block-size: 22px;
    stroke: ${({ theme }) => theme.color.primaryDark};
    fill: none;
    stroke-width: 1.8;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
`;

const ICONS = {
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  email: 'M3 6h18v12H3zM3 7l9 6 9-6',
  unlock: 'M6 11h12v10H6zM9 11V7a3 3 0 0 1 6 0',
  bind: 'M12 5v14M5 12h14',
} as const;

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d={ICONS[name]} />
    </svg>
  );
}

/**
 * The card's tools under its summary: refresh for everyone; e-mail and unlock for whoever may act on the card (its
 * owner, or anyone while it is bound to nobody); bind for a logged-in user outside the gated new view.
 */
export function CardTools({
  refreshing,
  onRefresh,
  canAct,
  canBind,
  onOpen,
}: {
  refreshing: boolean;
  onRefresh: () => void;
  canAct: boolean;
  canBind: boolean;
  onOpen: (kind: 'email' | 'unlock' | 'bind') => void;
}) {
  const { t } = useRemoteTranslation();
  return (
    <Row>
      <button type="button" onClick={onRefresh} disabled={refreshing} data-testid="card-refresh">
        <Icon name="refresh" />
        {refreshing ? t('card.refreshing') : t('card.refresh')}
      </button>
      {canAct && (
        <button type="button" onClick={() => onOpen('email')} data-testid="card-email-button">
          <Icon name="email" />
          {t('tools.email')}
        </button>
      )}
      {canAct && (
        <button type="button" onClick={() => onOpen('unlock')} data-testid="card-unlock-button">
          <Icon name="unlock" />
          {t('tools.unlock')}
        </button>
      )}
      {canBind && (
        <button type="button" onClick={() => onOpen('bind')} data-testid="card-bind-button">
          <Icon name="bind" />
          {t('tools.bind')}
        </button>
      )}
    </Row>
  );
}
