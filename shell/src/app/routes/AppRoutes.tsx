import { lazy, Suspense } from 'react';
import { Route, Routes, useSearchParams } from 'react-router-dom';
import { RemoteArea } from '../../features/remotes/components/RemoteArea';
import { ownerOf, ROUTE_TABLE, type RouteEntry } from './table';

const NotFound = lazy(() => import(/* webpackChunkName: "not-found" */ './NotFound'));

function OwnedRoute({ entry }: { entry: RouteEntry }) {
  const [search] = useSearchParams();
  const owner = ownerOf(entry, search);
  // key: a route handed to another remote by its query gets a fresh area.
  return <RemoteArea key={owner} remote={owner} path={entry.path} />;
}

/** Every route of the table, each rendered in the area of the remote that owns it. */
export function AppRoutes() {
  return (
    <Routes>
      {ROUTE_TABLE.map((entry) => (
        <Route key={entry.path} path={entry.path} element={<OwnedRoute entry={entry} />} />
      ))}
      <Route
        path="*"
        element={
          <Suspense fallback={null}>
            <NotFound />
          </Suspense>
        }
      />
    </Routes>
  );
}
