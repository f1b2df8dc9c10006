import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CLIENT_MESSAGES, getBus, getStorage, STORAGE_KEYS, type PayReturn } from 'shared-contracts';

/** What returnType=suc (or fail) reports on: the order (the provider's return address, else PAY_RETURN) and the hand-over. */
export interface PaidReturn {
  orderId: string | null;
  stored: PayReturn | null;
  /** returnType=fail: the payment was declined (the dialog says so and offers to try again). */
  returnType?: 'fail';
}

/**
 * The provider's return to the slot's page (returnType=suc|fail|cancel, anything else is ignored), reported once:
 * cancel warns 'order cancelled', suc and fail (a declined payment) give the order for mf-checkout's pay return
 * dialog. Then returnType and order_id leave the address (mode=search stays), so a reload does not report it again.
 */
export function usePayReturn() {
  const location = useLocation();
  const navigate = useNavigate();
  const [paid, setPaid] = useState<PaidReturn | null>(null);
  const reported = useRef(false);
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const returnType = query.get('returnType');
    if (returnType !== 'suc' && returnType !== 'fail' && returnType !== 'cancel') return;
    if (!reported.current) {
      reported.current = true;
      const storage = getStorage();
      const stored = storage.getJSON<PayReturn>(STORAGE_KEYS.PAY_RETURN);
      storage.remove(STORAGE_KEYS.PAY_RETURN);
      if (returnType === 'cancel') {
        getBus().publish('toast', { kind: 'warning', messageKey: CLIENT_MESSAGES.orderCancelled });
      } else {
        const orderId = query.get('order_id')?.trim() || (stored?.order_id ? String(stored.order_id) : '');
        setPaid({ orderId: orderId || null, stored, ...(returnType === 'fail' ? { returnType } : {}) });
      }
    }
    query.delete('returnType');
    query.delete('order_id');
    const search = query.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [location.pathname, location.search, navigate]);
  return { paid, closePaid: () => setPaid(null) };
}
