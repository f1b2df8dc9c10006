import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { type ApiClient, type EventMap } from 'shared-contracts';
import { useBusEvent } from '../../../lib/use-bus-event';

const SupportCenter = lazy(() => import(/* webpackChunkName: "support-center" */ './SupportCenter'));

/** The support code loads once the page has settled (so a later tap can open the configured chat at once). */
const PREPARE_DELAY_MS = 1500;

/**
 * Any package can ask for customer support ('support:open' on the bus). This part of the first view only listens;
 * SupportCenter (its own chunk) does the work, loaded after the page settled or on the first request.
 */
export function SupportHost({ client }: { client?: ApiClient }) {
  const [load, setLoad] = useState(false);
  const [first, setFirst] = useState<EventMap['support:open'] | null>(null);
  const centerMounted = useRef(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setLoad(true), PREPARE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useBusEvent('support:open', (request) => {
    if (centerMounted.current) return;
    setFirst(request);
    setLoad(true);
  });

  if (!load) return null;
  return (
    <Suspense fallback={null}>
      <SupportCenter
        {...(client ? { client } : {})}
        first={first}
        onMounted={() => {
          centerMounted.current = true;
        }}
      />
    </Suspense>
  );
}
