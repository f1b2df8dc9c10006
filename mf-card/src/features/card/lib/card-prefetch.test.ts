import { ERROR_CODES, getStorage, STORAGE_KEYS } from 'shared-contracts';
import { configureApiClient } from '../../../lib/api-client';
import { prefetchCard, takePrefetchedCard, takePrefetchedNotice, takePrefetchedPackages } from './card-prefetch';

jest.mock('../components/parts', () => ({
  loadCardBody: jest.fn(async () => ({})),
  loadCardActivities: jest.fn(async () => ({})),
}));

describe('the card page prefetch', () => {
  let asked: string[];
  let bodies: Record<string, unknown>;
  beforeEach(() => {
    asked = [];
    bodies = {};
    getStorage().remove(STORAGE_KEYS.CURRENCY_KEY);
    configureApiClient({
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        const call = String(input).replace(/^.*\/eshop/, '');
        asked.push(call);
        bodies[call] = JSON.parse(String(init?.body ?? 'null'));
        const data =
          call === '/get/agent'
            ? { flag: '2', paypal: true, ccy: 'EUR', lang: 'en' }
            : call === '/get/notice'
              ? { notice: null, list: [], unread: 0 }
              : { list: [], newList: [], recommendList: [], typeList: [] };
        return {
          ok: true,
          status: 200,
          json: async () => ({ code: ERROR_CODES.SUCCESS, message: 'ok', data }),
        } as Response;
      }) as typeof fetch,
    });
  });

  it('asks check/card, get/agent and get/card once, and hands them to the page of that card and language only', async () => {
    prefetchCard({
      params: { flag: '2', iccid: '89880000000000000001' },
      search: new URLSearchParams(),
      lang: 'en-US',
    });
    expect(asked.sort()).toEqual(['/check/card', '/get/agent', '/get/card']);
    // Another language's page does not take them.
    expect(takePrefetchedCard('2', '89880000000000000001', 'ar')).toBeNull();
    const calls = takePrefetchedCard('2', '89880000000000000001', 'en');
    expect(calls).not.toBeNull();
    await Promise.all([calls?.check, calls?.agent, calls?.card]);
    // Taken once: a second load of the page asks again.
    expect(takePrefetchedCard('2', '89880000000000000001', 'en')).toBeNull();
  });

  it("asks the packages in the agent's currency once the agent answers, and hands them over in that currency only", async () => {
    prefetchCard({ params: { flag: '2', iccid: '89880000000000000001' }, search: new URLSearchParams(), lang: 'en' });
    expect(asked).not.toContain('/get/pkg');
    // The page would ask again in another currency.
    expect(await takePrefetchedPackages('89880000000000000001', 'en', 'USD')).toBeNull();

    prefetchCard({ params: { flag: '2', iccid: '89880000000000000001' }, search: new URLSearchParams(), lang: 'en' });
    const packages = await takePrefetchedPackages('89880000000000000001', 'en', 'EUR');
    expect(packages?.ok).toBe(true);
    expect(bodies['/get/pkg']).toMatchObject({ iccid: '89880000000000000001', lang: 'en', ccy: 'EUR' });
    // Taken once.
    expect(await takePrefetchedPackages('89880000000000000001', 'en', 'EUR')).toBeNull();
    // The notice above the packages, in the same currency.
    expect(bodies['/get/notice']).toMatchObject({ iccid: '89880000000000000001', lang: 'en', ccy: 'EUR' });
    expect(await takePrefetchedNotice('89880000000000000001', 'en', 'EUR')).not.toBeNull();
  });

  it("asks the packages at once in the visitor's currency (?ccy= first, then the one chosen on this device)", async () => {
    getStorage().set(STORAGE_KEYS.CURRENCY_KEY, 'GBP');
    prefetchCard({ params: { flag: '2', iccid: '89880000000000000001' }, search: new URLSearchParams(), lang: 'en' });
    await Promise.resolve();
    expect(asked).toContain('/get/pkg');
    expect(bodies['/get/pkg']).toMatchObject({ ccy: 'GBP' });
    expect(await takePrefetchedPackages('89880000000000000001', 'en', 'GBP')).not.toBeNull();

    prefetchCard({
      params: { flag: '2', iccid: '89880000000000000001' },
      search: new URLSearchParams('ccy=jpy'),
      lang: 'en',
    });
    expect(await takePrefetchedPackages('89880000000000000001', 'en', 'JPY')).not.toBeNull();
  });

  it('hands over no packages the network failed (a page started offline asks again)', async () => {
    configureApiClient({
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    prefetchCard({ params: { flag: '2', iccid: '89880000000000000001' }, search: new URLSearchParams(), lang: 'en' });
    expect(await takePrefetchedPackages('89880000000000000001', 'en', 'USD')).toBeNull();
    warn.mockRestore();
  });

  it('asks nothing without an ICCID', () => {
    prefetchCard({ params: { flag: '2' }, search: new URLSearchParams(), lang: 'en' });
    expect(asked).toEqual([]);
  });
});
