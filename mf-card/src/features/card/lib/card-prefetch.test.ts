import { ERROR_CODES, getStorage, STORAGE_KEYS } from 'shared-contracts';
import { configureApiClient, getApiClient } from '../../../lib/api-client';
import { checkNotice } from '../api/check-notice';
import { getPkg } from '../api/get-pkg';
import { askCard } from './card-calls';
import { prefetchCard } from './card-prefetch';

jest.mock('../components/parts', () => ({
  loadCardBody: jest.fn(async () => ({})),
  loadCardActivities: jest.fn(async () => ({})),
}));

// The route's prefetch asks the card page's first calls ahead; the page's own same calls then take the answers from
// the api client instead of asking the network again (once, and only the same call: card, language, currency).
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

  const ICCID = '89880000000000000001';
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('asks check/card, get/agent and get/card once, and hands them to the page of that card and language only', async () => {
    prefetchCard({ params: { flag: '2', iccid: ICCID }, search: new URLSearchParams(), lang: 'en-US' });
    // A visitor's activities too (the recall offer opens with the page, server-rendered).
    expect([...asked].sort()).toEqual(['/check/card', '/get/agent', '/get/card', '/message/activity']);
    await settle();
    asked.length = 0;
    // The page's same calls are answered without the network.
    const page = askCard(getApiClient(), { flag: '2', iccid: ICCID, lang: 'en' });
    expect((await page.card).ok).toBe(true);
    await Promise.all([page.check, page.agent]);
    expect(asked).toEqual([]);
    // Another language's page asks its own; a second load of the page asks again (taken once).
    await askCard(getApiClient(), { flag: '2', iccid: ICCID, lang: 'ar' }).card;
    await askCard(getApiClient(), { flag: '2', iccid: ICCID, lang: 'en' }).card;
    expect(asked.filter((call) => call === '/get/card')).toHaveLength(2);
  });

  it("asks the packages and the notice in the agent's currency once the agent answers, and hands them over in that currency only", async () => {
    prefetchCard({ params: { flag: '2', iccid: ICCID }, search: new URLSearchParams(), lang: 'en' });
    expect(asked).not.toContain('/get/pkg');
    await settle();
    expect(bodies['/get/pkg']).toMatchObject({ iccid: ICCID, lang: 'en', ccy: 'EUR' });
    expect(bodies['/get/notice']).toMatchObject({ iccid: ICCID, lang: 'en', ccy: 'EUR' });
    asked.length = 0;
    expect((await getPkg(getApiClient(), { iccid: ICCID, lang: 'en', ccy: 'EUR' })).ok).toBe(true);
    expect((await checkNotice(getApiClient(), { iccid: ICCID, lang: 'en', ccy: 'EUR' })).ok).toBe(true);
    expect(asked).toEqual([]);
    // In another currency the page asks.
    await getPkg(getApiClient(), { iccid: ICCID, lang: 'en', ccy: 'USD' });
    expect(asked).toEqual(['/get/pkg']);
  });

  it("asks the packages at once in the visitor's currency (?ccy= first, then the one chosen on this device)", async () => {
    getStorage().set(STORAGE_KEYS.CURRENCY_KEY, 'GBP');
    prefetchCard({ params: { flag: '2', iccid: ICCID }, search: new URLSearchParams(), lang: 'en' });
    await Promise.resolve();
    expect(asked).toContain('/get/pkg');
    expect(bodies['/get/pkg']).toMatchObject({ ccy: 'GBP' });

    prefetchCard({ params: { flag: '2', iccid: ICCID }, search: new URLSearchParams('ccy=jpy'), lang: 'en' });
    await Promise.resolve();
    expect(bodies['/get/pkg']).toMatchObject({ ccy: 'JPY' });
  });

  it('hands over no answer the network failed (a page started offline asks again)', async () => {
    let failing = true;
    configureApiClient({
      fetch: (async (input: RequestInfo | URL) => {
        asked.push(String(input).replace(/^.*\/eshop/, ''));
        if (failing) throw new TypeError('Failed to fetch');
        return {
          ok: true,
          status: 200,
          json: async () => ({ code: ERROR_CODES.SUCCESS, message: 'ok', data: {} }),
        } as Response;
      }) as typeof fetch,
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    prefetchCard({ params: { flag: '2', iccid: ICCID }, search: new URLSearchParams(), lang: 'en' });
    await settle();
    failing = false;
    asked.length = 0;
    expect((await askCard(getApiClient(), { flag: '2', iccid: ICCID, lang: 'en' }).card).ok).toBe(true);
    expect(asked).toContain('/get/card');
    warn.mockRestore();
  });

  it('asks nothing without an ICCID', () => {
    prefetchCard({ params: { flag: '2' }, search: new URLSearchParams(), lang: 'en' });
    expect(asked).toEqual([]);
  });
});
