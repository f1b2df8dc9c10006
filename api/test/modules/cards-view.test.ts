// The figures the card, pool, eSIM and package answers carry as numbers beside their English texts, for the screens
// to write in the reader's language.
import { toProfile } from '../../src/modules/esim/routes';
import { toCard, toListCard, toPool, toRecordGroups, warnDays } from '../../src/modules/cards/view';
import {
  type CardRow,
  type ListCardRow,
  type PackageRecordRow,
  type PoolListRow,
} from '../../src/modules/cards/repository';
import { toNewPackage, toOldPackage } from '../../src/modules/catalogue/view';
import { type PackageRow } from '../../src/modules/catalogue/repository';

const MB = 1024 * 1024;
const GB = 1024 * MB;
const NOW = Date.UTC(2026, 10, 28, 12);
const inDays = (days: number) => Math.floor(NOW / 1000) + days * 86_400;

const listRow = (over: Partial<ListCardRow> = {}): ListCardRow => ({
  iccid: '89880000000000000001',
  name: null,
  card_kind: 1,
  status: 'Activated',
  kind: 1,
  expire_timestamp: inDays(2),
  used_bytes: Math.round(3.9 * GB),
  total_bytes: 5 * GB,
  unlimited: false,
  is_third_party: false,
  has_keys: false,
  warn: null,
  activated_at: null,
  action: null,
  ...over,
});

describe('warnDays', () => {
  it("reads the day count of a warning, and nothing from an operator's own text", () => {
    expect(warnDays('2 days')).toBe(2);
    expect(warnDays('1 day')).toBe(1);
    expect(warnDays('')).toBeNull();
    expect(warnDays('Retires on Friday')).toBeNull();
  });
});

describe('card figures', () => {
  it('the card page: the warning days beside the text (the MB figures were there already)', () => {
    const row = { ...listRow(), agent_flag: '2', agent_version: 2, agent_is_default: true, agent_ccy: 'USD' };
    const card = toCard(
      {
        ...row,
        user_id: null,
        email: null,
        renewal: false,
        show_alert: false,
        show_share_plan: true,
        usage_updated_at: null,
        last_seen_country: null,
        last_seen_at: null,
        last_order_at: null,
      } as CardRow,
      null,
      NOW,
    );
    expect(card).toMatchObject({ warn: '2 days', warn_days: 2, used: 3993.6, total: 5120, unlimited: false });
    const operator = toCard({ ...(row as unknown as CardRow), warn: 'Retires soon' }, null, NOW);
    expect(operator).toMatchObject({ warn: 'Retires soon', warn_days: null });
  });

  it('a SIM or eSIM in the card list: remaining MB, the unlimited flag and the warning days', () => {
    expect(toListCard(listRow(), NOW)).toMatchObject({
      total: 5120,
      used: 3993.6,
      remain_mb: 1126.4,
      remain_str: '1.1GB',
      unlimited: false,
      warn: '2 days',
      warn_days: 2,
    });
    expect(toListCard(listRow({ unlimited: true, total_bytes: 0 }), NOW)).toMatchObject({
      total_str: 'Unlimited',
      remain_mb: 0,
      unlimited: true,
    });
    // A third-party card carries no figures, and is not 'unlimited'.
    expect(toListCard(listRow({ is_third_party: true, unlimited: true }), NOW)).toMatchObject({
      total: 0,
      used: 0,
      remain_mb: 0,
      unlimited: false,
    });
    expect(toListCard(listRow({ expire_timestamp: inDays(20) }), NOW)).toMatchObject({ warn: '', warn_days: null });
  });

  it('a pool: the warning days beside its text', () => {
    const pool: PoolListRow = {
      pool_object_id: 'p1',
      name: null,
      kind: 3,
      status: 'Activated',
      total_bytes: 50 * GB,
      used_bytes: 10 * GB,
      pool_lines: 5,
      expire_timestamp: inDays(3),
      warn: '3 days',
      started_at: null,
      used_pool_lines: 2,
    };
    expect(toPool(pool, NOW)).toMatchObject({ total: 51200, remain: 40960, warn: '3 days', warn_days: 3 });
    expect(toPool({ ...pool, warn: null }, NOW)).toMatchObject({ warn: '', warn_days: null });
  });

  it('a purchased package: used and total MB and the unlimited flag', () => {
    const record = (over: Partial<PackageRecordRow>): PackageRecordRow => ({
      id: 1,
      name: 'Europe 20 GB',
      status: 'active',
      expire_timestamp: inDays(20),
      created_at: new Date(NOW),
      data_bytes: 20 * GB,
      used_bytes: Math.round(5.2 * GB),
      unlimited: false,
      renewal: true,
      provider_state: 'applied',
      ...over,
    });
    const { list1 } = toRecordGroups([
      record({}),
      record({ id: 2, unlimited: true, data_bytes: null, used_bytes: 3 * GB }),
      record({ id: 3, data_bytes: null, used_bytes: 0 }),
    ]);
    expect(list1[0]).toMatchObject({ used_str: '5.2GB', used_mb: 5324.8, total_mb: 20480, unlimited: false });
    expect(list1[1]).toMatchObject({ total_str: 'Unlimited', used_mb: 3072, total_mb: null, unlimited: true });
    expect(list1[2]).toMatchObject({ total_str: '', total_mb: null, unlimited: false });
  });

  it('an eSIM profile: total and remaining MB and the unlimited flag', () => {
    const profile = {
      iccid: '89880000000000000201',
      name: null,
      status: 'Activated',
      action: 'enable',
      smdp_address: null,
      matching_id: null,
      installed_at: null,
      expire_timestamp: inDays(25),
      used_bytes: 450 * MB,
      total_bytes: 3 * GB,
      unlimited: false,
      is_third_party: false,
    };
    expect(toProfile(profile, false)).toMatchObject({ total_mb: 3072, remain_mb: 2622, unlimited: false });
    expect(toProfile({ ...profile, unlimited: true }, false)).toMatchObject({
      total_str: 'Unlimited',
      total_mb: 0,
      unlimited: true,
    });
  });
});

describe('package validity', () => {
  it('carries the day count beside the English text', () => {
    const row = { validity_days: 30, validity_start: 'first_use' } as Partial<PackageRow> as PackageRow;
    const filled = {
      ...row,
      id: 1,
      name: 'Europe 5 GB',
      amount: 1290,
      currency: 'USD',
      renew_discount: 100,
      tax_rate: 0,
      lang: 'en',
      pkg_type_id: 3,
      renewal: false,
      mode: 1,
    } as PackageRow;
    expect(toOldPackage(filled)).toMatchObject({ validity: '30 days', validity_days: 30 });
    expect(toNewPackage(filled)).toMatchObject({ validity: '30 days', validity_days: 30 });
  });
});
