import { screen } from '@testing-library/react';
import { getStorage, STORAGE_KEYS, type CallResult, type PackageRecordGroups } from 'shared-contracts';
import { renderRemote, stubCalls } from 'shared-contracts/testing';
import { loadEarlyStrings } from '../../lib/early-strings';
import { EARLY_VIEW_DONE, EARLY_VIEW_ID } from '../../lib/early-view-id';
import { remote } from '../../lib/remote';
import { moreText } from '../../lib/text-more';
import { PackagesPage } from './components/PackagesPage';
import { groups, ICCID, record } from './components/record-fixtures';
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
async function pageText(lang: 'en' | 'ar' | 'de', shown: PackageRecordGroups = groups) {
  stubCalls({ pkgRecord: shown });
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

  it('writes the figures from the numbers in the page language, as the page does (de)', async () => {
    const numbered: PackageRecordGroups = {
      list1: [
        record({ id: 1, used_mb: 5324.8, total_mb: 20480, unlimited: false }),
        record({
          id: 4,
          name: 'World',
          used_str: '3GB',
          used_mb: 3072,
          total_mb: null,
          unlimited: true,
          renewal: false,
        }),
      ],
      list2: [record({ id: 2, status_str: 'init', expire_date: '', used_mb: 0, total_mb: 5120, unlimited: false })],
      list3: [],
    };
    const view = showEarlyPackagesView({
      lang: 'de',
      strings: await loadEarlyStrings('de'),
      search: search(),
      iccid: ICCID,
      groups: numbered,
    });
    const early = view?.querySelector('.body')?.textContent;
    // Intl may put a no-break space before the unit.
    expect(early).toMatch(/5,2\sGB von 20\sGB/);
    expect(early).toMatch(/3\sGB verbraucht/);
    expect(early).not.toContain('5.2GB');
    expect(await pageText('de', numbered)).toBe(early);
  });

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
