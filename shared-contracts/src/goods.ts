import { validityText } from './format';
import { formatPrice } from './money';
import { type Goods, type NewPackage } from './schemas/entities';

// The payment sheet's goods built from a new-view package: the card page's package grid (mf-card) and the eSIM
// shop's products (mf-esim) sell the same way.

/** The price a new-view package is sold at: the discount price when it is a real discount, else the price. */
export function salePrice(item: Pick<NewPackage, 'price' | 'discount_price'>): number {
  return item.discount_price > 0 && item.discount_price < item.price ? item.discount_price : item.price;
}

export function goodsFromNew(item: NewPackage, lang: string, showPaypal: boolean): Goods {
  const price = salePrice(item);
  return {
    id: item.id,
    name: item.main_title || item.name,
    validity: validityText(item, lang),
    ...(item.validity_days !== undefined ? { validity_days: item.validity_days } : {}),
    area: item.area,
    carriers: '',
    htu: item.validity_start,
    desc: [item.secondary_title, item.sub_title].filter(Boolean).join(' · '),
    price,
    price_str: formatPrice(price, item.currency, { lang }) ?? item.pkg_price_tip,
    renew_price_str: formatPrice(item.renew_price, item.currency, { lang }) ?? '',
    // Mode 2 is a first-pay package that always renews.
    renewal: item.renewal || item.mode === 2,
    taxRate: item.taxRate,
    subscribe_tips: item.subscribe_tips,
    show_paypal: showPaypal,
    mode: item.mode,
    lang,
    currency: item.currency,
    pool_type_id: null,
  };
}
