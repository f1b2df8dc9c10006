import { act, screen } from '@testing-library/react';
import { getStorage, STORAGE_KEYS, type CallResult, type CardListResponse } from 'shared-contracts';
import { renderRemote, stubCalls, stubFederation } from 'shared-contracts/testing';
import { loadEarlyStrings } from '../../lib/early-strings';
import { EARLY_VIEW_DONE, EARLY_VIEW_ID } from '../../lib/early-view-id';
import { remote } from '../../lib/remote';
import { moreText } from '../../lib/text-more';
import { bindOfferOf } from './bind-offer';
import { BatchBindDialog, SingleBindDialog } from './BindDialogs';
import type { CardListCalls } from './calls';
import { earlyListView, showEarlyListView } from './early-view';
import { HomePage } from './HomePage';

const ok = <T,>(data: T) => ({ ok: true as const, code: 0, data });
const failed = { ok: false as const, code: 10001, message: 'log in' };
const list: CardListResponse = { eid: [], pool: [], esim: [], card: [] };
const unbound = ['89880000000000000011', '89880000000000000012'];
const calls = (
  answer: CallResult<'getCardList'>,
  unbind: CallResult<'getUnbindList'> = ok({ list: unbound }),
): CardListCalls => ({ list: Promise.resolve(answer), unbind: Promise.resolve(unbind) });
const search = new URLSearchParams();

afterEach(() => {
  document.getElementById(EARLY_VIEW_ID)?.remove();
  document.documentElement.removeAttribute(EARLY_VIEW_DONE);
  getStorage().remove(STORAGE_KEYS.BIND_ICCID);
  getStorage().remove(STORAGE_KEYS.RECEIPT);
});

const i18n = (lang: 'en' | 'ar') => ({ i18n: { lang, namespaces: [remote, moreText] } });
/** The early view of a list that offers the unbound cards, in `lang`. */
const drawBatch = async (lang: 'en' | 'ar') =>
  showEarlyListView({
    lang,
    strings: await loadEarlyStrings(lang),
    search,
    offer: { kind: 'batch', iccids: unbound },
  });

describe("the card list's early view", () => {
  it('draws the page’s frame, its loading line and the bind dialog, in the dialog’s own words', async () => {
    const view = await drawBatch('en');
    expect(view).toHaveAttribute('aria-hidden', 'true');
    expect(view).toHaveAttribute('dir', 'ltr');
    expect(view?.querySelector('.title')).toHaveTextContent('My cards');
    expect(view?.querySelector('.empty')).toHaveTextContent('Loading your cards…');
    const early = view?.querySelector('.dialog');
    expect(early?.querySelector('h2')).toHaveTextContent('Add your cards to this account?');

    // BindDialogs' dialog for the same cards says the same, word for word (its close and eye buttons have no text).
    await renderRemote(<BatchBindDialog iccids={unbound} onClose={() => {}} onBound={() => {}} />, i18n('en'));
    expect(screen.getByRole('dialog').textContent).toBe(early?.textContent);
    expect(early?.textContent).toContain('8988************0011');
    expect(early?.textContent).toContain('Showing 2 of 2');
  });

  it('reads right to left in Arabic, like the dialog', async () => {
    const view = await drawBatch('ar');
    expect(view).toHaveAttribute('dir', 'rtl');
    expect(view).toHaveAttribute('lang', 'ar');
    await renderRemote(<BatchBindDialog iccids={unbound} onClose={() => {}} onBound={() => {}} />, i18n('ar'));
    expect(screen.getByRole('dialog').textContent).toBe(view?.querySelector('.dialog')?.textContent);
  });

  it('draws the one remembered card’s dialog as SingleBindDialog does', async () => {
    const iccid = '89880000000000000013';
    const view = showEarlyListView({
      lang: 'en',
      strings: await loadEarlyStrings('en'),
      search,
      offer: { kind: 'single', iccid },
    });
    await renderRemote(<SingleBindDialog iccid={iccid} onClose={() => {}} onBound={() => {}} />, i18n('en'));
    expect(screen.getByRole('dialog').textContent).toBe(view?.querySelector('.dialog')?.textContent);
    expect(view?.querySelector('.dialog')).toHaveTextContent('8988 0000 0000 0000 0013');
  });

  it('offers what the page offers: the unbound cards, else a remembered bindable card, else nothing', () => {
    expect(bindOfferOf(ok({ list: unbound }), '89880000000000000013')).toEqual({ kind: 'batch', iccids: unbound });
    expect(bindOfferOf(ok({ list: [] }), ' 8988 0000 0000 0000 0013 ')).toEqual({
      kind: 'single',
      iccid: '89880000000000000013',
    });
    expect(bindOfferOf(failed, '89880000000000000013')).toEqual({ kind: 'single', iccid: '89880000000000000013' });
    expect(bindOfferOf(ok({ list: [] }), 'not a card')).toBeNull();
    expect(bindOfferOf(ok({ list: [] }), null)).toBeNull();
  });

  it('comes from the list’s early calls: without a dialog when nothing is offered, not at all when the list fails', async () => {
    const strings = loadEarlyStrings;
    expect(await earlyListView({ calls: calls(failed), lang: 'en', search }, strings)).toBeNull();
    expect(
      await earlyListView({ calls: calls(ok(list)), lang: 'en', search }, () => Promise.reject(new Error('offline'))),
    ).toBeNull();
    const plain = await earlyListView({ calls: calls(ok(list), ok({ list: [] })), lang: 'en', search }, strings);
    expect(plain?.querySelector('.empty')).toHaveTextContent('Loading your cards…');
    expect(plain?.querySelector('.dialog')).toBeNull();
    plain?.remove();
    const offered = await earlyListView({ calls: calls(ok(list)), lang: 'en', search }, strings);
    expect(offered?.querySelectorAll('li')).toHaveLength(2);
  });

  it('shows a back button in refill mode, as the page frame does', async () => {
    const strings = await loadEarlyStrings('en');
    const view = showEarlyListView({ lang: 'en', strings, search: new URLSearchParams('mode=search'), offer: null });
    expect(view?.querySelector('.top svg')).toHaveClass('flip');
  });

  it('goes when the page has its bind check in, with the dialog the page opens', async () => {
    const unstub = stubFederation({ remotes: [], loadRemote: jest.fn() });
    try {
      getStorage().set(STORAGE_KEYS.RECEIPT, 'tok');
      await drawBatch('en');
      stubCalls({ getCardList: list, getUnbindList: { list: unbound }, getActivityList: {} });
      await renderRemote(<HomePage />, { route: '/eshop/card/list', path: '/eshop/card/list', ...i18n('en') });
      await act(async () => undefined);
      expect(await screen.findByRole('dialog', { name: 'Add your cards to this account?' })).toBeInTheDocument();
      expect(document.getElementById(EARLY_VIEW_ID)).toBeNull();
      expect(document.documentElement).toHaveAttribute(EARLY_VIEW_DONE);
    } finally {
      unstub();
    }
  });
});
