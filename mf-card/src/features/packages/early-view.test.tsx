import { screen } from '@testing-library/react';
import { getStorage, STORAGE_KEYS, type CallResult, type PackageRecordGroups } from 'shared-contracts';
import { renderRemote, stubCalls } from 'shared-contracts/testing';
import { loadEarlyStrings } from '../../lib/early-strings';
import { EARLY_VIEW_DONE, EARLY_VIEW_ID } from '../../lib/early-view-id';
import { remote } from '../../lib/remote';
import { moreText } from '../../lib/text-more';
import { PackagesPage } from './components/PackagesPage';
import { groups, ICCID } from './components/record-fixtures';
import { earlyPackagesView, showEarlyPackagesView } from './early-view';

const ok = <T,>(data: T) => ({ ok: true as const, code: 0, data });
const search = (query = `iccid=${ICCID}`) => new URLSearchParams(query);
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.getElementById(EARLY_VIEW_ID)?.remove();
  document.documentElement.removeAttribute(EARLY_VIEW_DONE);
  getStorage().remove(STORAGE_KEYS.RECEIPT);
});

/** The page's own records view for `groups` in `lang`, once drawn: its frame's text after the title. */
async function pageText(lang: 'en' | 'ar') {
  stubCalls({ pkgRecord: groups });
  await renderRemote(<PackagesPage />, {
    route: `/pkg?iccid=${ICCID}`,
    path: '/pkg',
    i18n: { lang, namespaces: [remote, moreText] },
  });
  await screen.findAllByTestId('package-record');
  return screen.getByTestId('page-title').parentElement?.nextElementSibling?.textContent;
}

describe("/pkg's early view", () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`shows the card's records as the page does, in the same words (${lang})`, async () => {
      const view = showEarlyPackagesView({
        lang,
        strings: await loadEarlyStrings(lang),
        search: search(),
        iccid: ICCID,
        groups,
      });
      expect(view).toHaveAttribute('aria-hidden', 'true');
      expect(view).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      expect(view?.querySelectorAll('.tile')).toHaveLength(6);
      expect(view?.querySelectorAll('.network')).toHaveLength(2);
      const early = view?.querySelector('.body')?.textContent;
      const title = view?.querySelector('.title')?.textContent;
      // The page's view of the same records says the same, word for word (and it takes the early one away).
      expect(await pageText(lang)).toBe(early);
      expect(screen.getByTestId('page-title')).toHaveTextContent(title ?? '–');
      expect(document.getElementById(EARLY_VIEW_ID)).toBeNull();
    });
  }

  it('is not drawn for a card without packages, a failed call or a shared plan’s address', async () => {
    const empty: PackageRecordGroups = { list1: [], list2: [], list3: [] };
    const asked = (answer: CallResult<'pkgRecord'>, query?: string) => ({
      records: Promise.resolve(answer),
      iccid: ICCID,
      lang: 'en' as const,
      search: search(query),
    });
    expect(await earlyPackagesView(asked(ok(empty)), loadEarlyStrings)).toBeNull();
    expect(await earlyPackagesView(asked({ ok: false, code: 10024, message: 'log in' }), loadEarlyStrings)).toBeNull();
    expect(await earlyPackagesView(asked(ok(groups), `poolId=7&iccid=${ICCID}`), loadEarlyStrings)).toBeNull();
    const view = await earlyPackagesView(asked(ok(groups)), loadEarlyStrings);
    expect(view?.querySelector('.tile h3')).toHaveTextContent('Europe 20 GB');
    await nextTask();
  });
});
