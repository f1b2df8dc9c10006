import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CheckoutRequest, type CheckoutSheetModule, type CheckoutSheetProps } from 'shared-contracts';
import { Dialog } from 'shared-contracts/ui/dialog';
import { PageSkeleton } from '../../../components/Skeleton';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteUnavailable } from './RemoteUnavailable';
import { loadRemoteModule, resetRemote } from '../lib/federation';
import { useBusEvent } from '../../../lib/use-bus-event';

export type CheckoutSheetLoader = () => Promise<{ default: ComponentType<CheckoutSheetProps> }>;

/** mf_checkout/CheckoutSheet through the federation runtime (with the shell's offline fallback). */
export const loadCheckoutSheet: CheckoutSheetLoader = () =>
  loadRemoteModule<CheckoutSheetModule>('mf_checkout', './CheckoutSheet').then((module) => {
    if (typeof module.default !== 'function') throw new Error('mf_checkout/CheckoutSheet has no component');
    return { default: module.default };
  });

/**
 * The listener of checkout:open on the site: whoever publishes it (card page, pool plans, eSIM shop), the payment
 * sheet opens. mf_checkout's code is fetched on the first request only; when it cannot be reached the sheet shows
 * the remote fallback with Retry, so a buy button never does nothing.
 */
export function CheckoutHost({ load = loadCheckoutSheet }: { load?: CheckoutSheetLoader }) {
  const { t } = useTranslation('shell');
  const [request, setRequest] = useState<CheckoutRequest | null>(null);
  const [attempt, setAttempt] = useState(0);
  // One lazy component per attempt: React keeps it across renders, Retry makes a new one.
  const [Sheet, setSheet] = useState<ComponentType<CheckoutSheetProps> | null>(null);

  useBusEvent('checkout:open', setRequest);

  useEffect(() => {
    if (request && !Sheet) setSheet(() => lazy(load));
  }, [request, Sheet, load]);

  if (!request || !Sheet) return null;
  const close = () => setRequest(null);
  const retry = () => {
    resetRemote('mf_checkout');
    setSheet(() => lazy(load));
    setAttempt((n) => n + 1);
  };
  return (
    <RemoteErrorBoundary
      key={attempt}
      fallback={
        <Dialog title={t('remote.unavailable')} closeLabel={t('settings.close')} onClose={close} placement="sheet">
          <RemoteUnavailable remote="mf_checkout" onRetry={retry} />
        </Dialog>
      }
    >
      <Suspense
        fallback={
          <Dialog title={t('remote.loading')} closeLabel={t('settings.close')} onClose={close} placement="sheet">
            <PageSkeleton label={t('remote.loading')} />
          </Dialog>
        }
      >
        {/* A new purchase (another checkout:open) starts its flow afresh. */}
        <Sheet key={request.requestId} request={request} onClose={close} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
