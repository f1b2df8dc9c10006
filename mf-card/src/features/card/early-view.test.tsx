import { screen } from '@testing-library/react';
import { REMOTE_UNAVAILABLE_EVENT, type CallResult, type Card } from 'shared-contracts';
import { renderRemote } from 'shared-contracts/testing';
import { remote } from '../../lib/remote';
import { card, ICCID } from './components/card-fixtures';
import { CardSummary } from './components/CardSummary';
import { whenPresented } from '../../lib/early-frame';
import { loadEarlyStrings } from '../../lib/early-strings';
import { earlyCardView, showEarlyView } from './early-view';
import { dismissEarlyView, EARLY_VIEW_DONE, EARLY_VIEW_ID } from '../../lib/early-view-id';
import { type CardCalls } from './lib/card-calls';
import { opensOnSummary } from './lib/gating';

const ok = <T,>(data: T) => ({ ok: true as const, code: 0, data });
const calls = (answer: Card | null): CardCalls => ({
  check: Promise.resolve(ok({ flag: '2', iccid: ICCID })) as Promise<CallResult<'checkCard'>>,
  agent: Promise.resolve(ok({ flag: '2', paypal: true, ccy: 'EUR', lang: 'en' })) as Promise<CallResult<'getAgent'>>,
  card: Promise.resolve(
    answer ? ok(answer) : { ok: false as const, code: 10024, message: 'log in with the account this belongs to' },
  ) as Promise<CallResult<'getCard'>>,
});
const visitor = { loggedIn: false, userId: null };

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.getElementById(EARLY_VIEW_ID)?.remove();
  document.documentElement.removeAttribute(EARLY_VIEW_DONE);
});

describe("the card page's early view", () => {
  it('shows what the page’s own summary shows of the card, in the same words', async () => {
    const view = showEarlyView({
      card,
      iccid: ICCID,
      lang: 'en',
      search: new URLSearchParams(),
      strings: await loadEarlyStrings('en'),
    });
    expect(view).not.toBeNull();
    expect(view).toHaveAttribute('aria-hidden', 'true');
    expect(view).toHaveAttribute('dir', 'ltr');
    expect(view?.querySelector('.title')).toHaveTextContent('My card');
    // The time of the data's last update (a language's first Intl date format) comes in a task of its own.
    expect(view?.querySelector('.panel')?.textContent).not.toContain('Updated');
    await nextTask();
    const early = view?.querySelector('.panel')?.textContent;
    expect(early).toContain('Updated');
    expect(early).toContain('5 GB of 20 GB');
    expect(early).toContain('Expires: Dec 12, 2026');

    // The page's CardSummary for the same card says the same, word for word.
    await renderRemote(<CardSummary card={card} iccid={ICCID} />, { i18n: { lang: 'en', namespaces: [remote] } });
    expect(screen.getByTestId('card-summary').textContent).toBe(early);
  });

  it('reads right to left in Arabic, in Arabic, like the summary', async () => {
    const view = showEarlyView({
      card,
      iccid: ICCID,
      lang: 'ar',
      search: new URLSearchParams('mode=search'),
      strings: await loadEarlyStrings('ar'),
    });
    expect(view).toHaveAttribute('dir', 'rtl');
    expect(view).toHaveAttribute('lang', 'ar');
    await nextTask();
    expect(view?.querySelector('.title')).toHaveTextContent('إعادة الشحن');
    await renderRemote(<CardSummary card={card} iccid={ICCID} />, { i18n: { lang: 'ar', namespaces: [remote] } });
    expect(screen.getByTestId('card-summary').textContent).toBe(view?.querySelector('.panel')?.textContent);
  });

  it('ends with where the network last saw the card, as the summary does (country in the page language)', async () => {
    const seen: Card = { ...card, last_seen_country: 'FR', last_seen_at: 1_790_000_100 };
    for (const [lang, country] of [
      ['en', 'Last seen in France · '],
      ['de', 'Zuletzt gesehen in Frankreich · '],
    ] as const) {
      const view = showEarlyView({
        card: seen,
        iccid: ICCID,
        lang,
        search: new URLSearchParams(),
        strings: await loadEarlyStrings(lang),
      });
      await nextTask();
      const early = view?.querySelector('.panel')?.textContent;
      expect(early).toContain(country);
      const { unmount } = await renderRemote(<CardSummary card={seen} iccid={ICCID} />, {
        i18n: { lang, namespaces: [remote] },
      });
      expect(screen.getByTestId('card-last-seen')).toHaveTextContent(country);
      expect(screen.getByTestId('card-summary').textContent).toBe(early);
      unmount();
      dismissEarlyView();
      document.documentElement.removeAttribute(EARLY_VIEW_DONE);
    }
  });

  it('leaves the last-seen line out without both the country and the time; an unknown code shows as sent', async () => {
    const lineOf = async (seen: Pick<Card, 'last_seen_country' | 'last_seen_at'>) => {
      const { unmount } = await renderRemote(<CardSummary card={{ ...card, ...seen }} iccid={ICCID} />, {
        i18n: { lang: 'en', namespaces: [remote] },
      });
      const text = screen.queryByTestId('card-last-seen')?.textContent ?? null;
      unmount();
      return text;
    };
    expect(await lineOf({ last_seen_country: 'FR', last_seen_at: null })).toBeNull();
    expect(await lineOf({ last_seen_country: null, last_seen_at: 1_790_000_100 })).toBeNull();
    expect(await lineOf({ last_seen_country: 'XYZ1', last_seen_at: 1_790_000_100 })).toMatch(/^Last seen in XYZ1 · /);
  });

  it('draws a suspended, unlimited or unnamed card as the summary does', async () => {
    const strings = await loadEarlyStrings('en');
    const odd: Card = { ...card, name: '', status_str: 'Suspension', unlimited: true, usage_updated_at: null };
    const view = showEarlyView({ card: odd, iccid: ICCID, lang: 'en', search: new URLSearchParams(), strings });
    expect(view?.querySelector('.status')).toHaveClass('warn');
    await renderRemote(<CardSummary card={odd} iccid={ICCID} />, { i18n: { lang: 'en', namespaces: [remote] } });
    expect(screen.getByTestId('card-summary').textContent).toBe(view?.querySelector('.panel')?.textContent);
    expect(view?.querySelector('.name')).toHaveTextContent('SIM 0001');
  });

  it.each([
    ['without a data plan', { status_str: 'Ready', used: 0, total: 0, expire_date: '', available_days: 0 }],
    ['whose plan ended', { used: 0, total: 0, available_days: 0 }],
    ['of a third party', { is_third_party: true, used: 0, total: 0 }],
    ['on an unlimited plan', { unlimited: true, used: 12595.2, total: 0 }],
    ['about to expire, in German', { warn: '2 days', warn_days: 2, used: 5324.8 }],
  ] as Array<[string, Partial<Card>]>)('draws a card %s as the summary does', async (_, change) => {
    const lang = change.warn_days ? 'de' : 'en';
    const shown: Card = { ...card, ...change, usage_updated_at: null };
    const view = showEarlyView({
      card: shown,
      iccid: ICCID,
      lang,
      search: new URLSearchParams(),
      strings: await loadEarlyStrings(lang),
      canBuy: true,
    });
    await renderRemote(<CardSummary card={shown} iccid={ICCID} canBuy />, { i18n: { lang, namespaces: [remote] } });
    const early = view?.querySelector('.panel')?.textContent;
    expect(screen.getByTestId('card-summary').textContent).toBe(early);
    expect(early).not.toMatch(/0MB|0 MB of|0 of 0/);
  });

  it('is drawn once, never after the page has its own view, and goes when the page dismisses it', async () => {
    const strings = await loadEarlyStrings('en');
    const input = { card, iccid: ICCID, lang: 'en' as const, search: new URLSearchParams(), strings };
    expect(showEarlyView(input)).not.toBeNull();
    expect(showEarlyView(input)).toBeNull();
    expect(document.querySelectorAll(`#${EARLY_VIEW_ID}`)).toHaveLength(1);
    dismissEarlyView();
    expect(document.getElementById(EARLY_VIEW_ID)).toBeNull();
    expect(showEarlyView(input)).toBeNull();
  });

  it("goes when the shell reports mf_card's code unavailable", async () => {
    const strings = await loadEarlyStrings('en');
    showEarlyView({ card, iccid: ICCID, lang: 'en', search: new URLSearchParams(), strings });
    window.dispatchEvent(new CustomEvent(REMOTE_UNAVAILABLE_EVENT, { detail: 'mf_pool' }));
    expect(document.getElementById(EARLY_VIEW_ID)).not.toBeNull();
    window.dispatchEvent(new CustomEvent(REMOTE_UNAVAILABLE_EVENT, { detail: 'mf_card' }));
    expect(document.getElementById(EARLY_VIEW_ID)).toBeNull();
  });

  it('goes by itself when the page never takes it away', async () => {
    jest.useFakeTimers();
    try {
      const strings = await loadEarlyStrings('en');
      showEarlyView({ card, iccid: ICCID, lang: 'en', search: new URLSearchParams(), strings });
      jest.advanceTimersByTime(15_000);
      expect(document.getElementById(EARLY_VIEW_ID)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('is drawn only where the page opens on the summary', () => {
    const search = (query = '') => new URLSearchParams(query);
    expect(opensOnSummary(card, visitor, search())).toBe(true);
    // Agent version 3: the card list view, unless refilled or handed a package.
    const listed: Card = { ...card, agent_version: 3 };
    expect(opensOnSummary(listed, visitor, search())).toBe(false);
    expect(opensOnSummary(listed, visitor, search('mode=search'))).toBe(true);
    expect(opensOnSummary(listed, visitor, search('pkg=4'))).toBe(true);
    // A reseller's card without a login: the login view.
    expect(opensOnSummary({ ...card, in_agent: true }, visitor, search())).toBe(false);
    // Unbound: shown to a visitor (remembered for binding), a logged-in user goes to the card list.
    const unbound = { ...card, user_id: 0 };
    expect(opensOnSummary(unbound, visitor, search())).toBe(true);
    expect(opensOnSummary(unbound, { loggedIn: true, userId: 3 }, search())).toBe(false);
    // Another account's card: a warning comes first.
    expect(opensOnSummary(card, { loggedIn: true, userId: 3 }, search())).toBe(false);
    expect(opensOnSummary(card, { loggedIn: true, userId: 7 }, search())).toBe(true);
  });

  it('comes from the card’s early calls, and not when the card is refused', async () => {
    const asked = { iccid: ICCID, lang: 'en' as const, search: new URLSearchParams() };
    expect(await earlyCardView({ ...asked, calls: calls(null) }, loadEarlyStrings)).toBeNull();
    expect(
      await earlyCardView({ ...asked, calls: calls(card) }, () => Promise.reject(new Error('offline'))),
    ).toBeNull();
    const view = await earlyCardView({ ...asked, calls: calls(card) }, loadEarlyStrings);
    expect(view?.querySelector('strong')).toHaveTextContent('5 GB of 20 GB');
  });

  it('reports it is on the screen after the next frame where no largest paint is reported', async () => {
    const view = document.createElement('div');
    const done = jest.fn();
    whenPresented(view, done);
    expect(done).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(done).toHaveBeenCalledTimes(1);
  });
});
