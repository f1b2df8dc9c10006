import { formatPrice, renewPrice, validityText, type Goods, type OldPackage } from 'shared-contracts';

// goodsFromNew and salePrice live in shared-contracts (the eSIM shop sells the same way).
export { goodsFromNew, salePrice } from 'shared-contracts';

export function goodsFromOld(item: OldPackage, lang: string, showPaypal: boolean): Goods {
  return {
    id: item.id,
    name: item.name,
    validity: validityText(item, lang),
    ...(item.validity_days !== undefined ? { validity_days: item.validity_days } : {}),
    area: item.area,
    carriers: item.carriers,
    htu: item.htu,
    desc: item.desc,
    price: item.price,
    price_str: formatPrice(item.price, item.currency, { lang }) ?? '',
    renew_price_str: item.renewal
      ? (formatPrice(renewPrice(item.price, item.renewDiscount), item.currency, { lang }) ?? '')
      : '',
    renewal: item.renewal,
    taxRate: item.taxRate,
    subscribe_tips: '',
    show_paypal: showPaypal,
    mode: 1,
    lang,
    currency: item.currency,
    pool_type_id: null,
  };
}
