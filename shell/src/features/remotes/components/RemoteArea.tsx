import { Suspense, use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { PageSkeleton } from '../../../components/Skeleton';
import { type RemoteName } from '../lib/remote-names';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteUnavailable } from './RemoteUnavailable';
import { useRemoteRoutesStore } from './RemotesProvider';

const Area = styled.section`
  min-block-size: 60vh;
`;

function RemoteRouteView({ remote, path }: { remote: RemoteName; path: string }) {
  const store = useRemoteRoutesStore();
  const routes = use(store.routes(remote));
  const route = routes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`${remote} has no route ${path}`);
  const { Component } = route;
  return <Component />;
}

/**
 * The area of the page a remote owns: a skeleton while its `./routes` loads, its page once loaded, and a
 * localized "unavailable, retry" when it cannot be reached. Retry really reloads the remote.
 */
export function RemoteArea({ remote, path }: { remote: RemoteName; path: string }) {
  const { t } = useTranslation('shell');
  const store = useRemoteRoutesStore();
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    store.retry(remote);
    setAttempt((n) => n + 1);
  };
  return (
    <Area data-remote-area={remote} data-route={path}>
      <RemoteErrorBoundary key={attempt} fallback={<RemoteUnavailable remote={remote} onRetry={retry} />}>
        <Suspense fallback={<PageSkeleton label={t('remote.loading')} />}>
          <RemoteRouteView remote={remote} path={path} />
        </Suspense>
      </RemoteErrorBoundary>
    </Area>
  );
}
