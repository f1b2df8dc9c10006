import { matchRoutes } from 'react-router-dom';
import { isRemoteName, type RemoteName } from '../../features/remotes/lib/remote-names';
import routeTable from './route-table.json';

/**
 * The one route table of the site (spec section 2): every route and the remote that owns it (ARCHITECTURE.md).
 * The owning remote's `./routes` module exports a RemoteRoute with the same `path`; the shell renders it in that
 * remote's area. Static segments outrank dynamic ones, so '/pool/detail' wins over the card page '/:flag/:iccid'.
 */
export interface RouteEntry {
  readonly path: string;
  readonly owner: RemoteName;
  /** A query parameter that hands the route to another remote (/pkg?poolId=… is the pool's package list). */
  readonly ownerByQuery?: { readonly param: string; readonly owner: RemoteName };
}

// The data lives in route-table.json: the shell's build writes it beside index.html, where the site host reads it to
// preload a route's first-view files into the page (tools/build/host/page.mjs).
export const ROUTE_TABLE: readonly RouteEntry[] = checkedTable(routeTable);

function checkedTable(
  rows: ReadonlyArray<{ path: string; owner: string; ownerByQuery?: { param: string; owner: string } }>,
) {
  return rows.map((row): RouteEntry => {
    const owners = [row.owner, row.ownerByQuery?.owner].filter((owner) => owner !== undefined);
    if (!owners.every(isRemoteName)) throw new Error(`route-table.json: unknown owner of ${row.path}`);
    return row as RouteEntry;
  });
}

/** Named paths for links the shell itself renders (drawer, header). */
export const PATHS = {
  home: '/',
  cardList: '/eshop/card/list',
  userInfo: '/user/info',
  userLogin: '/user/login',
  userAbout: '/user/about',
  orders: '/pay/order',
  notices: '/card/msg',
} as const;

export function ownerOf(entry: RouteEntry, search: URLSearchParams | string): RemoteName {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  if (entry.ownerByQuery && params.has(entry.ownerByQuery.param)) return entry.ownerByQuery.owner;
  return entry.owner;
}

export interface ResolvedRoute {
  entry: RouteEntry;
  owner: RemoteName;
  params: Record<string, string | undefined>;
}

/** Which table entry and remote answer a location, with the same ranking the router uses; null when none. */
export function resolveRoute(pathname: string, search = ''): ResolvedRoute | null {
  const matches = matchRoutes(
    ROUTE_TABLE.map((entry) => ({ path: entry.path, entry })),
    pathname,
  );
  const match = matches?.[matches.length - 1];
  if (!match) return null;
  const entry = (match.route as { entry: RouteEntry }).entry;
  return { entry, owner: ownerOf(entry, search), params: match.params };
}
