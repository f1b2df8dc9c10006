import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { getBus, type EventMap } from 'shared-contracts';

const Region = styled.div`
  position: fixed;
  inset-inline: 0;
  inset-block-end: ${({ theme }) => theme.space.xl};
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.sm};
  pointer-events: none;
  z-index: 50;
  div {
    padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
    border-radius: ${({ theme }) => theme.radius.md};
    background: #1f2329;
    color: #fff;
  }
`;

/**
 * Toasts where no shell listens (a remote's standalone page, a partner's page): the same bus events, shown locally.
 */
export function LocalToasts() {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Array<EventMap['toast'] & { id: number }>>([]);
  useEffect(() => {
    let next = 1;
    return getBus().subscribe('toast', (toast) => {
      const id = next++;
      setToasts((current) => [...current, { ...toast, id }].slice(-3));
      window.setTimeout(() => setToasts((current) => current.filter((item) => item.id !== id)), 4000);
    });
  }, []);
  return (
    <Region role="status" aria-live="polite" data-testid="local-toasts">
      {toasts.map((toast) => (
        <div key={toast.id} data-kind={toast.kind}>
          {t(toast.messageKey, { ns: 'common', ...toast.values })}
        </div>
      ))}
    </Region>
  );
}
