// Test fixtures of mf-esim's pages: a slot, products and profiles as the api answers them.
import { type EidInfo, type EsimGoods, type EsimProfile } from 'shared-contracts';

export const EID = '89049032000001000000000000000001';

export const slotInfo: EidInfo = {
  eid: EID,
  iccid: '',
  name: 'Travel phone',
  status: 'Activated',
  total_slot: 8,
  usage_slot: 5,
  email: 'me@example.com',
};

export function product(overrides: Partial<EsimGoods>): EsimGoods {
  return {
    id: 1,
    esim_product_id: 11,
    name: 'Europe 5GB',
    mode: 1,
    price: 1999,
    discount_price: 0,
    renew_price: 0,
    currency: 'EUR',
    currency_symbol: '€',
    taxRate: 0,
    category: 'Europe',
    tag: '',
    tag_background_color: '',
    tag_words_color: '',
    left_tag: '',
    main_title: 'Europe 5GB',
    secondary_title: '5 GB',
    sub_title: '',
    pkg_style_icon: '',
    pkg_price_tip: '',
    subscribe_tips: '',
    pkg_type_id: 3,
    renewal: true,
    area: 'Europe (33 countries)',
    validity: '30 days',
    validity_start: 'install',
    ...overrides,
  };
}

export const europe = product({ id: 1, discount_price: 1499, tag: 'Hot', tag_background_color: '#FF0000' });
export const japan = product({
  id: 2,
  esim_product_id: 12,
  name: 'Japan 3GB',
  main_title: 'Japan 3GB',
  category: 'Asia',
  price: 900,
  area: 'Japan',
});

export const goodsAnswer = { list: [europe, japan], typeList: ['All', 'Europe', 'Asia'] };

export function profile(overrides: Partial<EsimProfile>): EsimProfile {
  return {
    iccid: '89860000000000001234',
    name: '',
    state: 'enabled',
    status_str: 'Activated',
    action: null,
    activation_code: '',
    expire_date: '2026-12-01',
    total_str: '10GB',
    remain_str: '7.5GB',
    ...overrides,
  };
}

export const ACTIVATION_CODE = 'LPA:1$smdp.example.com$K2-ABC123-XYZ';
