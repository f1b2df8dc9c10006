import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { getBus, getStorage, STORAGE_KEYS, type EventMap, type PoolCardInfo } from 'shared-contracts';
import { renderRemote, stubCalls } from 'shared-contracts/testing';
import { remote } from '../../lib/remote';
import { POOL } from '../../testing/fixtures';
import { PoolCard } from './PoolCard';

const pool: PoolCardInfo = { ...POOL, id: 'p7', name: '', pool_lines: 5 };

async function show(props: Partial<Parameters<typeof PoolCard>[0]> = {}) {
  await renderRemote(
    <Routes>
      <Route path="/eshop/card/list" element={<PoolCard pool={pool} index={2} {...props} />} />
      <Route path="/pool/detail" element={<p>detail page</p>} />
      <Route path="/pkg" element={<p>usage page</p>} />
    </Routes>,
    { route: '/eshop/card/list', i18n: { namespaces: [remote] }, showLocation: true },
  );
}

describe('PoolCard', () => {
  it('shows the default name, integer gauge, status, amounts with their unit, expiry and shared lines', async () => {
    await show();
    expect(screen.getByTestId('pool-name')).toHaveTextContent('Shared Plan 2');
    expect(screen.getByRole('img', { name: '25% of data remaining' })).toBeInTheDocument();
    expect(screen.getByTestId('pool-status')).toHaveTextContent('Activated');
    expect(screen.getByTestId('pool-unused')).toHaveTextContent(/^5 GB$/);
    expect(screen.getByTestId('pool-total')).toHaveTextContent(/^20 GB$/);
    expect(screen.getByTestId('pool-expiry')).toHaveTextContent('Expires Dec 31, 2026');
    const lines = screen.getByRole('img', { name: '2 of 5 shared lines used' });
    expect(lines.querySelectorAll('[data-used="true"]')).toHaveLength(2);
    expect(lines.querySelectorAll('[data-used="false"]')).toHaveLength(3);
  });

  it("names an unnamed pool in the page's language (German, Arabic), not marked as the user's", async () => {
    for (const [lang, text] of [
      ['de', 'Geteilter Tarif 2'],
      ['ar', 'الخطة المشتركة 2'],
    ] as const) {
      const { unmount } = await renderRemote(<PoolCard pool={pool} index={2} />, {
        route: '/',
        i18n: { lang, namespaces: [remote] },
      });
      expect(screen.getByTestId('pool-name')).toHaveTextContent(new RegExp(`^${text}$`));
      expect(screen.getByTestId('pool-name')).not.toHaveAttribute('translate');
      unmount();
    }
  });

  it("marks the user's own name as not to be translated", async () => {
    await show({ pool: { ...pool, name: 'Family' } });
    expect(screen.getByTestId('pool-name')).toHaveTextContent(/^Family$/);
    expect(screen.getByTestId('pool-name')).toHaveAttribute('translate', 'no');
  });

  it('hands an unnamed pool over with its default name in the page language', async () => {
    await renderRemote(
      <Routes>
        <Route path="/" element={<PoolCard pool={pool} index={2} />} />
        <Route path="/pool/detail" element={<p>detail page</p>} />
      </Routes>,
      { route: '/', i18n: { lang: 'de', namespaces: [remote] } },
    );
    await userEvent.click(screen.getByTestId('pool-manage'));
    expect(getStorage().getJSON(STORAGE_KEYS.POOL_INFO_ITEM)).toMatchObject({
      id: 'p7',
      displayName: 'Geteilter Tarif 2',
      index: 2,
    });
  });

  it('shows the warning badge, and Refill stores the pool and opens its detail page in refill mode', async () => {
    await show({ pool: { ...pool, warn: '3 days', name: 'Family' } });
    expect(screen.getByTestId('pool-expiry')).toHaveTextContent('Expires in 3 days');
    await userEvent.click(screen.getByRole('button', { name: 'Refill Family' }));
    expect(screen.getByText('detail page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/pool/detail?poolId=p7&mode=refill');
    expect(getStorage().getJSON(STORAGE_KEYS.POOL_INFO_ITEM)).toMatchObject({
      id: 'p7',
      displayName: 'Family',
      index: 2,
    });
  });

  it('writes the amounts and the warning days in the page language (German: "31,3 GB")', async () => {
    const family = { ...pool, remain: 32092.7, total: 51200, remain_str: '31.34GB', warn: '3 days', warn_days: 3 };
    await renderRemote(<PoolCard pool={family} index={1} />, {
      route: '/',
      i18n: { lang: 'de', namespaces: [remote] },
    });
    expect(screen.getByTestId('pool-unused')).toHaveTextContent(/^31,3 GB$/);
    expect(screen.getByTestId('pool-total')).toHaveTextContent(/^50 GB$/);
    expect(screen.getByTestId('pool-expiry')).toHaveTextContent('Noch 3 Tage gültig');
  });

  it('counts the days of a day-based plan (kind 1 or 2) instead of its data, which it has none of', async () => {
    // An unlimited plan bought 13 days ago, 17 days left: the api sends total and remain 0.
    const daily = { ...pool, kind: 1, total: 0, remain: 0, total_str: '0MB', remain_str: '0MB' };
    await show({ pool: { ...daily, available_days: 17, total_active: 13 } });
    expect(screen.getByRole('img', { name: '56% of days remaining' })).toBeInTheDocument();
    expect(screen.getByText('Days left')).toBeInTheDocument();
    expect(screen.getByTestId('pool-unused')).toHaveTextContent(/^17 days$/);
    expect(screen.getByTestId('pool-total')).toHaveTextContent(/^30 days$/);
    expect(screen.getByTestId('pool-card')).not.toHaveTextContent(/MB|GB/);
  });

  it('writes the days of a day-based plan in the page language (German: "17 Tage")', async () => {
    const daily = { ...pool, kind: 2, total: 0, remain: 0, available_days: 17, total_active: 13 };
    await renderRemote(<PoolCard pool={daily} index={1} />, { route: '/', i18n: { lang: 'de', namespaces: [remote] } });
    expect(screen.getByRole('img', { name: '56 % der Tage verbleibend' })).toBeInTheDocument();
    expect(screen.getByText('Verbleibende Tage')).toBeInTheDocument();
    expect(screen.getByTestId('pool-unused')).toHaveTextContent(/^17 Tage$/);
    expect(screen.getByTestId('pool-total')).toHaveTextContent(/^30 Tage$/);
  });

  it('says a data plan has no data in force instead of "0 MB of 0 MB"', async () => {
    await show({ pool: { ...pool, total: 0, remain: 0 } });
    expect(screen.getByTestId('pool-no-data')).toHaveTextContent('No data plan in force. Refill to share data again.');
    expect(screen.queryByTestId('pool-unused')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: '0% of data remaining' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refill Shared Plan 2' })).toBeInTheDocument();
  });

  it('Manage opens the detail page of the pool, handed over', async () => {
    await show({ pool: { ...pool, name: 'Family' } });
    await userEvent.click(screen.getByRole('button', { name: 'Manage Family' }));
    expect(screen.getByText('detail page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/pool\/detail\?poolId=p7$/);
    expect(getStorage().getJSON(STORAGE_KEYS.POOL_INFO_ITEM)).toMatchObject({ id: 'p7', displayName: 'Family' });
  });

  it("shows a plan usage link to the pool's packages instead of Refill on the detail view", async () => {
    await show({ detail: true });
    expect(screen.queryByRole('button', { name: /Refill/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Manage/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Plan usage' }));
    expect(screen.getByText('usage page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/pkg?poolId=p7');
  });

  it('renames through the dialog (poolSet), and Escape or cancel close it without a call', async () => {
    const api = stubCalls({ poolSet: null });
    const onChanged = jest.fn();
    const toasts: Array<EventMap['toast']> = [];
    const changes: Array<EventMap['pool:changed']> = [];
    const off = getBus().subscribe('toast', (toast) => toasts.push(toast));
    const offChanged = getBus().subscribe('pool:changed', (change) => changes.push(change));
    try {
      await show({ onChanged });
      await userEvent.click(screen.getByRole('button', { name: 'Rename Shared Plan 2' }));
      expect(screen.getByRole('dialog', { name: 'Rename shared plan' })).toBeInTheDocument();
      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Rename Shared Plan 2' }));
      await userEvent.click(screen.getByText('Cancel', { selector: 'button' }));
      expect(api.calls).toHaveLength(0);
      await userEvent.click(screen.getByRole('button', { name: 'Rename Shared Plan 2' }));
      await userEvent.type(screen.getByRole('textbox', { name: 'Shared plan name' }), ' Trip ');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(api.calls.map((call) => [call.name, call.body])).toEqual([
        ['poolSet', { pool_object_id: 'p7', name: 'Trip' }],
      ]);
      expect(onChanged).toHaveBeenCalled();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(toasts).toContainEqual({ kind: 'success', messageKey: 'pool:toast.renamed', values: { name: 'Trip' } });
      expect(changes).toEqual([{ poolObjectId: 'p7' }]);
    } finally {
      off();
      offChanged();
    }
  });

  it('an empty name restores the default one and says so', async () => {
    const api = stubCalls({ poolSet: null });
    const toasts: Array<EventMap['toast']> = [];
    const off = getBus().subscribe('toast', (toast) => toasts.push(toast));
    await show({ pool: { ...pool, name: 'Family' } });
    await userEvent.click(screen.getByRole('button', { name: 'Rename Family' }));
    const input = screen.getByRole('textbox', { name: 'Shared plan name' });
    expect(input).toHaveAttribute('maxLength', '64');
    expect(input).toHaveAttribute('placeholder', 'Shared Plan 2');
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    off();
    expect(api.callsTo('poolSet')[0]?.body).toEqual({ pool_object_id: 'p7', name: '' });
    expect(toasts).toContainEqual({
      kind: 'success',
      messageKey: 'pool:toast.nameReset',
      values: { name: 'Shared Plan 2' },
    });
  });
});
