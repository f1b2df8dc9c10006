import fs from 'node:fs';
import { routeFor } from './routes.mjs';

/** The remote owning `pathname` for this query, as the host ranks routes. */
const ownerFor = (table, pathname, search) => routeFor(table, pathname, search)?.owner ?? null;

const TABLE = [
  { path: '/', owner: 'mf_card' },
  { path: '/:flag/:iccid', owner: 'mf_card' },
  { path: '/pool/detail', owner: 'mf_pool' },
  { path: '/pkg', owner: 'mf_card', ownerByQuery: { param: 'poolId', owner: 'mf_pool' } },
];

describe('the route of an address', () => {
  it('finds the owning remote as the router ranks routes: static segments first, then the query hand-over', () => {
    expect(ownerFor(TABLE, '/2/8988', new URLSearchParams())).toBe('mf_card');
    expect(ownerFor(TABLE, '/pool/detail', new URLSearchParams())).toBe('mf_pool');
    expect(ownerFor(TABLE, '/', new URLSearchParams())).toBe('mf_card');
    expect(ownerFor(TABLE, '/pkg', new URLSearchParams('poolId=3'))).toBe('mf_pool');
    expect(ownerFor(TABLE, '/a/b/c', new URLSearchParams())).toBeNull();
    expect(routeFor(TABLE, '/2/8988', new URLSearchParams())?.entry.path).toBe('/:flag/:iccid');
  });

  it("ranks the shell's real route table as the shell's router does (the host has no React to ask)", () => {
    const table = JSON.parse(
      fs.readFileSync(new URL('../../../shell/src/app/routes/route-table.json', import.meta.url), 'utf8'),
    );
    const none = new URLSearchParams();
    expect(ownerFor(table, '/2/89880000000000000001', none)).toBe('mf_card');
    expect(ownerFor(table, '/pool/detail', none)).toBe('mf_pool');
    expect(ownerFor(table, '/card/set', none)).toBe('mf_card');
    expect(ownerFor(table, '/card/msg', none)).toBe('mf_account');
    expect(ownerFor(table, '/user/info', none)).toBe('mf_account');
    expect(ownerFor(table, '/pay/order', none)).toBe('mf_checkout');
    expect(ownerFor(table, '/esim/shop/89049032000000000000000000000001', none)).toBe('mf_esim');
    expect(ownerFor(table, '/esim/card/set/0', none)).toBe('mf_esim');
    expect(ownerFor(table, '/eshop/card/list', none)).toBe('mf_card');
    expect(ownerFor(table, '/pkg', new URLSearchParams('poolId=7'))).toBe('mf_pool');
  });
});
