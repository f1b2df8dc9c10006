import { configureApiClient } from '../../../lib/api-client';
import { prefetchCard, takePrefetchedCard } from './card-prefetch';

describe('the card page prefetch', () => {
  let asked: string[];
  beforeEach(() => {
    asked = [];
    configureApiClient({
      fetch: (async (input: RequestInfo | URL) => {
        asked.push(String(input).replace(/^.*\/eshop/, ''));
        return { ok: true, status: 200, json: async () => ({ code: 0, msg: 'ok', data: null }) } as Response;
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

  it('asks nothing without an ICCID', () => {
    prefetchCard({ params: { flag: '2' }, search: new URLSearchParams(), lang: 'en' });
    expect(asked).toEqual([]);
  });
});
