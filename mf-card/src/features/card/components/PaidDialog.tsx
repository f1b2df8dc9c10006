import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { getStorage, STORAGE_KEYS } from 'shared-contracts';
import { Button } from 'shared-contracts/ui';
import { useRemoteTranslation } from '../../../lib/remote';

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 50;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.color.overlay};
`;

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  inline-size: min(100%, 320px);
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  text-align: center;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.lg};
  }
`;

/** returnType=suc: the 'Payment successful' dialog; it offers to e-mail the order (the order id of the pay return). */
export default function PaidDialog({ onClose, onEmail }: { onClose: () => void; onEmail: (orderId: string) => void }) {
  const { t } = useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <Overlay>
      <Box role="dialog" aria-modal="true" aria-labelledby="paid-title" data-testid="paid-dialog">
        <h2 id="paid-title">{tc('paymentSuccessful')}</h2>
        <Button ref={button} type="button" onClick={onClose}>
          {t('dialog.ok')}
        </Button>
        <Button
          type="button"
          $variant="secondary"
          data-testid="paid-email"
          onClick={() => {
            const order = getStorage().getJSON<{ order_id?: string | number }>(STORAGE_KEYS.PAY_RETURN);
            onEmail(order?.order_id !== undefined ? String(order.order_id) : '');
          }}
        >
          {t('dialog.emailReceipt')}
        </Button>
      </Box>
    </Overlay>
  );
}
