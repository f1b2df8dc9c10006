import { createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  createRemoteRoutesStore,
  federationRoutesLoader,
  type RemoteRoutesLoader,
  type RemoteRoutesStore,
} from '../lib/remote-routes-store';

const RemotesContext = createContext<RemoteRoutesStore | null>(null);

export function RemotesProvider({
  loader = federationRoutesLoader,
  children,
}: {
  loader?: RemoteRoutesLoader;
  children: ReactNode;
}) {
  const store = useMemo(() => createRemoteRoutesStore(loader), [loader]);
  return <RemotesContext.Provider value={store}>{children}</RemotesContext.Provider>;
}

export function useRemoteRoutesStore(): RemoteRoutesStore {
  const store = useContext(RemotesContext);
  if (!store) throw new Error('useRemoteRoutesStore outside RemotesProvider');
  return store;
}
