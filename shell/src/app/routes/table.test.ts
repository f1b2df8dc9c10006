import fs from 'node:fs';
import path from 'node:path';
import { resolveRoute, ROUTE_TABLE } from './table';

describe('route table (spec section 2 → owner, ARCHITECTURE.md)', () => {
  it.each([
    ['/2/89852000000000000001', 'mf_card'],
    ['/7/89852000000000000001', 'mf_card'],
    ['/2/89852000000000000001?mode=search', 'mf_card'],
    ['/pkg?iccid=89852000000000000001', 'mf_card'],
    ['/pkg?poolId=17', 'mf_pool'],
    ['/pool/detail', 'mf_pool'],
    ['/pool/add', 'mf_pool'],
    ['/pool/set', 'mf_pool'],
    ['/esim/shop/89049032000001000000000000000001', 'mf_esim'],
    ['/esim/89049032000001000000000000000001?mode=search', 'mf_esim'],
    ['/esim/card/set/0', 'mf_esim'],
    ['/card/set', 'mf_card'],
    ['/esim/slot/set', 'mf_esim'],
    ['/order', 'mf_checkout'],
    ['/pay/order', 'mf_checkout'],
    ['/agreement', 'mf_checkout'],
    ['/renew/agreement', 'mf_checkout'],
    ['/user/login', 'mf_account'],
    ['/user/info', 'mf_account'],
    ['/user/about', 'mf_account'],
    ['/card/msg', 'mf_account'],
    ['/', 'mf_card'],
    ['/eshop/card/list', 'mf_card'],
  ])('%s → %s', (url, owner) => {
    const [pathname = '', search = ''] = url.split('?');
    expect(resolveRoute(pathname, search)?.owner).toBe(owner);
  });

  it('static routes outrank the card page pattern', () => {
    expect(resolveRoute('/card/set')?.entry.path).toBe('/card/set');
    expect(resolveRoute('/user/info')?.entry.path).toBe('/user/info');
    expect(resolveRoute('/2/8985')?.entry.path).toBe('/:flag/:iccid');
    expect(resolveRoute('/2/8985')?.params).toEqual({ flag: '2', iccid: '8985' });
  });

  it('has no owner for unknown paths', () => {
    expect(resolveRoute('/a/b/c/d')).toBeNull();
  });

  // Each remote's ./routes must offer every path the table hands to it (same pattern string).
  it.each(['mf_card', 'mf_pool', 'mf_esim', 'mf_account', 'mf_checkout'])(
    '%s/routes covers its table paths',
    (remote) => {
      const file = path.resolve(__dirname, '../../../..', remote.replace('_', '-'), 'src/routes.tsx');
      const source = fs.readFileSync(file, 'utf8');
      const offered = new Set([...source.matchAll(/path: '([^']+)'/g)].map((match) => match[1]));
      const owned = ROUTE_TABLE.flatMap((entry) => [
        ...(entry.owner === remote ? [entry.path] : []),
        ...(entry.ownerByQuery?.owner === remote ? [entry.path] : []),
      ]);
      expect(owned.length).toBeGreaterThan(0);
      for (const routePath of owned) expect(offered).toContain(routePath);
    },
  );
});
