import { goodsFromNew } from './goods';
import { type NewPackage } from './schemas/entities';

const item: NewPackage = {
  id: 1,
  name: 'Europe 5GB',
  mode: 1,
  price: 1290,
  discount_price: 0,
  renew_price: 1290,
  currency: 'USD',
  currency_symbol: '$',
  taxRate: 0,
  category: 'Europe',
  tag: '',
  tag_background_color: '',
  tag_words_color: '',
  left_tag: '',
  main_title: '5 GB',
  secondary_title: '30 days',
  sub_title: '',
  pkg_style_icon: '',
  pkg_price_tip: '',
  subscribe_tips: '',
  pkg_type_id: 3,
  renewal: false,
  area: 'Europe',
  validity: '30 days',
  validity_days: 30,
  validity_start: 'first_use',
};

describe('goodsFromNew', () => {
  it("writes the validity and the price in the buyer's language", () => {
    const goods = goodsFromNew(item, 'de', false);
    expect(goods.validity).toBe('30 Tage');
    expect(goods.validity_days).toBe(30);
    expect(goods.price_str.replace(/\u00a0/g, ' ')).toBe('12,90 $');
  });

  it("keeps an older api's validity text when it sends no day count", () => {
    const { validity_days: _days, ...older } = item;
    const goods = goodsFromNew(older, 'de', false);
    expect(goods.validity).toBe('30 days');
    expect(goods).not.toHaveProperty('validity_days');
  });
});
