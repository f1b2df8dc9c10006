import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { getBus, type ApiClient } from 'shared-contracts';
import { apiClient } from '../../../lib/api-client';
import { useAuth } from '../../auth/components/AuthProvider';
import { type SupportOpener, type SupportView } from '../lib/support-open';

const SupportChat = lazy(() => import(/* webpackChunkName: "support-chat" */ './SupportChat'));
const SupportDialog = lazy(() => import(/* webpackChunkName: "support-dialog" */ './SupportDialog'));

/** The configured chat is looked up once the page has settled, so a later tap can open it at once. */
const PREPARE_DELAY_MS = 1500;

/**
 * Any package can ask for customer support ('support:open' on the bus). With an external chat configured
 * (getConfig support_url, http(s) only) it opens in a new tab with the e-mail and ICCID passed along; otherwise
 * the built-in chat sheet opens. A request for a card is also reported (/echat/click).
 */
export function SupportHost({ client = apiClient }: { client?: ApiClient }) {
  const { user } = useAuth();
  const [view, setView] = useState<SupportView | null>(null);
  const opener = useRef<SupportOpener | null>(null);
  const loading = useRef<Promise<SupportOpener> | null>(null);
  const accountEmail = useRef<string | undefined>(undefined);
  accountEmail.current = user?.email;

  const prepared = useCallback((): Promise<SupportOpener> => {
    loading.current ??= import(/* webpackChunkName: "support-open" */ '../lib/support-open').then((module) => {
      opener.current = module.createSupportOpener(client);
      return opener.current;
    });
    return loading.current.then(async (ready) => {
      await ready.prepare();
      return ready;
    });
  }, [client]);

  useEffect(() => {
    const timer = window.setTimeout(() => void prepared(), PREPARE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [prepared]);

  useEffect(
    () =>
      getBus().subscribe('support:open', (request) => {
        if (opener.current?.ready) {
          setView(opener.current.open(request, accountEmail.current));
          return;
        }
        void prepared().then((ready) => setView(ready.open(request, accountEmail.current)));
      }),
    [prepared],
  );

  if (!view) return null;
  return (
    <Suspense fallback={null}>
      {view.kind === 'chat' ? (
        <SupportChat subject={view.subject} client={client} onClose={() => setView(null)} />
      ) : (
        <SupportDialog subject={view.subject} url={view.url} onClose={() => setView(null)} />
      )}
    </Suspense>
  );
}
