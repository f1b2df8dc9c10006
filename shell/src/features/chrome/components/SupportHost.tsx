import { lazy, Suspense, useEffect, useState } from 'react';
import { getBus, type EventMap } from 'shared-contracts';

const SupportDialog = lazy(() => import(/* webpackChunkName: "support-dialog" */ './SupportDialog'));

/** Any package can ask for customer support ('support:open' on the bus); the sheet loads on first use. */
export function SupportHost() {
  const [request, setRequest] = useState<EventMap['support:open'] | null>(null);
  useEffect(() => getBus().subscribe('support:open', (payload) => setRequest(payload)), []);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <SupportDialog request={request} onClose={() => setRequest(null)} />
    </Suspense>
  );
}
