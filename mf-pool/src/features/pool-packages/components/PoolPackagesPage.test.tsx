import { screen, within } from '@testing-library/react';
import { getStorage, STORAGE_KEYS, type PackageRecord } from 'shared-contracts';
import { callError, renderRemote, stubCalls } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { POOL } from '../../../testing/fixtures';
import { PoolPackagesPage } from './PoolPackagesPage';

const record = (over: Partial<PackageRecord>): PackageRecord => ({
  id: 1,
  name: 'Family 50 GB',
  status_str: 'active',
  expire_date: '2026-12-12',
  create: 1_763_000_000,
  total_str: '50GB',
  used_str: '5.2GB',
  renewal: false,
  ...over,
});

async function show(lang = 'en') {
  getStorage().set(STORAGE_KEYS.RECEIPT, 'token');
  getStorage().setJSON(STORAGE_KEYS.POOL_INFO_ITEM, { ...POOL, displayName: 'Family', index: 2 });
  await renderRemote(<PoolPackagesPage />, {
    route: '/pkg?poolId=pool_7',
    path: '/pkg',
    i18n: { namespaces: [remote], lang },
  });
}

describe('PoolPackagesPage', () => {
  it("lists the pool's packages in three groups with formatted dates", async () => {
    const api = stubCalls({
      poolRecordList: {
        list1: [record({ id: 1 })],
        list2: [record({ id: 2, name: 'Family 20 GB', status_str: 'init', expire_date: '', used_str: '' })],
        list3: [
          record({ id: 3, status_str: 'stop', expire_date: '2025-01-05' }),
          record({ id: 4, status_str: 'invalid', expire_date: '2024-11-30', total_str: 'Unlimited' }),
        ],
      },
    });
    await show();
    expect(api.callsTo('poolRecordList')[0]?.body).toEqual({ pool_object_id: 'pool_7', lang: 'en' });
    const active = await screen.findByTestId('pool-records-active');
    expect(within(active).getByRole('heading', { name: 'Active (1)' })).toBeInTheDocument();
    expect(within(active).getByTestId('pool-record')).toHaveTextContent('5.2GB of 50GB used');
    expect(within(active).getByTestId('pool-record-date')).toHaveTextContent('Dec 12, 2026');
    const pending = screen.getByTestId('pool-records-pending');
    expect(within(pending).getByTestId('pool-record')).toHaveTextContent('Not started');
    expect(within(pending).getByTestId('pool-record-date')).toHaveTextContent('Not started yet');
    const ended = screen.getByTestId('pool-records-ended');
    expect(
      within(ended)
        .getAllByTestId('pool-record')
        .map((tile) => tile.dataset.status),
    ).toEqual(['stop', 'invalid']);
    expect(within(ended).getAllByTestId('pool-record')[1]).toHaveTextContent('Unlimited');
    expect(within(ended).getAllByTestId('pool-record-date')[0]).toHaveTextContent('Jan 5, 2025');
    expect(screen.getByTestId('pool-records-name')).toHaveTextContent('Family');
    expect(screen.getByTestId('pool-records-name')).toHaveAttribute('translate', 'no');
    expect(screen.getByRole('link', { name: 'Refill' })).toHaveAttribute(
      'href',
      '/pool/detail?poolId=pool_7&mode=refill',
    );
  });

  it('writes used of total from the numbers in the page language (German)', async () => {
    stubCalls({
      poolRecordList: {
        list1: [record({ id: 1, used_mb: 5324.8, total_mb: 51200, unlimited: false })],
        list2: [],
        list3: [],
      },
    });
    await show('de');
    const active = await screen.findByTestId('pool-records-active');
    expect(within(active).getByTestId('pool-record')).toHaveTextContent('5,2 GB');
    expect(within(active).getByTestId('pool-record')).toHaveTextContent('50 GB');
    expect(within(active).getByTestId('pool-record')).not.toHaveTextContent('5.2GB');
  });

  it('says when a group or the whole list is empty', async () => {
    stubCalls({ poolRecordList: { list1: [], list2: [], list3: [] } });
    await show();
    expect(await screen.findByTestId('pool-records-empty')).toHaveTextContent('This shared plan has no packages yet.');
  });

  it("writes dates the reader's way", async () => {
    stubCalls({ poolRecordList: { list1: [record({})], list2: [], list3: [] } });
    await show('de');
    expect(await screen.findByTestId('pool-record-date')).toHaveTextContent('12. Dez. 2026');
    expect(screen.getByRole('heading', { name: 'Aktiv (1)' })).toBeInTheDocument();
  });

  it('offers a retry when the records cannot be loaded', async () => {
    stubCalls({ poolRecordList: callError(10003) });
    await show();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByText('The packages could not be loaded.')).toBeInTheDocument();
  });
});
