import { type EsimCardInfo, type PoolCardInfo, type PoolPlan } from 'shared-contracts';

// Test data of the pool screens (jest only).

export const POOL: PoolCardInfo = {
  id: 'pool_7',
  name: 'Family',
  kind: 3,
  available_days: 20,
  total_active: 10,
  total_str: '20GB',
  total: 20480,
  remain: 5120,
  remain_str: '5GB',
  expire_date: '2026-12-31',
  warn: '',
  status_str: 'Activated',
  used_pool_lines: 2,
  pool_lines: 3,
};

export const card = (iccid: string, over: Partial<EsimCardInfo> = {}): EsimCardInfo => ({
  iccid,
  name: '',
  status_str: 'Activated',
  card_status_str: 'Activated',
  action: null,
  is_third_party: false,
  hasKeys: false,
  kind: 1,
  total: 10240,
  used: 0,
  total_str: '10GB',
  remain_str: '10GB',
  available_days: 10,
  total_active: 3,
  expire_date: '2026-12-31',
  expire_timestamp: null,
  warn: '',
  ...over,
});

export const SIM_A = '89880000000000000011';
export const SIM_B = '89880000000000000022';
export const ESIM_C = '89880000000000000033';
export const ESIM_D = '89880000000000000044';

/** The user's card list: two SIMs and two eSIMs, the pool at place 2. */
export const cardList = (pools: PoolCardInfo[] = [{ ...POOL, id: 'pool_1', name: '' }, POOL]) => ({
  card: [card(SIM_A, { name: 'Dad', used: 300 }), card(SIM_B)],
  esim: [card(ESIM_C, { name: 'Tablet' }), card(ESIM_D, { used: 100 })],
  eid: [],
  pool: pools,
});

export const PLAN: PoolPlan = {
  id: 41,
  tag: 'Family',
  main_title: '50 GB',
  secondary_title: 'up to 3 cards',
  pool_lines: 3,
  price_str: '$59.00',
  currency_symbol: '$',
  price: 5900,
  currency: 'USD',
  pool_type_id: 4,
};
