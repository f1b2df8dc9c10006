import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { getBus, type ApiClient, type EventMap } from 'shared-contracts';
import { apiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { type SupportOpener, type SupportView } from '../lib/support-open';

const SupportChat = lazy(() => import(/* webpackChunkName: "support-chat" */ './SupportChat'));
const SupportDialog = lazy(() => import(/* webpackChunkName: "support-dialog" */ './SupportDialog'));

/**
 * Customer support ('support:open' on the bus), loaded by SupportHost after the page settled or on the first
 * request (`first`). With an external chat configured (getConfig support_url, http(s) only) it opens in a new tab
 * with the e-mail and ICCID passed along; otherwise the built-in chat sheet opens. A request for a card is also
 * reported (/echat/click).
 */
export default function SupportCenter({
  client = apiClient,
  first,
  onMounted,
}: {
  client?: ApiClient;
  /** A request published before this module was loaded. */
  first: EventMap['support:open'] | null;
  /** From now on this component answers 'support:open' itself. */
  onMounted: () => void;
}) {
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

  const open = useCallback(
    (request: EventMap['support:open']) => {
      if (opener.current?.ready) {
        setView(opener.current.open(request, accountEmail.current));
        return;
      }
      void prepared().then((ready) => setView(ready.open(request, accountEmail.current)));
    },
    [prepared],
  );

  useEffect(() => {
    onMounted();
    void prepared();
    return getBus().subscribe('support:open', open);
    // onMounted is the host's callback: once is enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const handled = useRef<EventMap['support:open'] | null>(null);
  useEffect(() => {
    if (!first || handled.current === first) return;
    handled.current = first;
    open(first);
  }, [first, open]);

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
