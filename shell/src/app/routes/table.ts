import { matchRoutes } from 'react-router-dom';
import { type RemoteName } from '../../features/remotes/lib/remote-names';

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

export const ROUTE_TABLE: readonly RouteEntry[] = [
  // mf-card: scan/home, card page (and its ?mode=search refill variant), card list, card settings, packages
  { path: '/', owner: 'mf_card' },
  { path: '/:flag/:iccid', owner: 'mf_card' },
  { path: '/eshop/card/list', owner: 'mf_card' },
  { path: '/card/set', owner: 'mf_card' },
  { path: '/pkg', owner: 'mf_card', ownerByQuery: { param: 'poolId', owner: 'mf_pool' } },
  // mf-pool
  { path: '/pool/detail', owner: 'mf_pool' },
  { path: '/pool/add', owner: 'mf_pool' },
  { path: '/pool/set', owner: 'mf_pool' },
  // mf-esim
  { path: '/esim/shop/:eid', owner: 'mf_esim' },
  { path: '/esim/:eid', owner: 'mf_esim' },
  { path: '/esim/card/set/0', owner: 'mf_esim' },
  { path: '/esim/slot/set', owner: 'mf_esim' },
  // mf-checkout
  { path: '/order', owner: 'mf_checkout' },
  { path: '/pay/order', owner: 'mf_checkout' },
  { path: '/agreement', owner: 'mf_checkout' },
  { path: '/renew/agreement', owner: 'mf_checkout' },
  // mf-account
  { path: '/user/login', owner: 'mf_account' },
  { path: '/user/login/callback', owner: 'mf_account' },
  { path: '/user/info', owner: 'mf_account' },
  { path: '/user/about', owner: 'mf_account' },
  { path: '/card/msg', owner: 'mf_account' },
];

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
