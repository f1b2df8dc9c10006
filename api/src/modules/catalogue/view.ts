import { type NewPackage, type OldPackage } from 'shared-contracts/schemas';
import { currencySymbol } from '../../lib/format';
import { type PackageRow } from './repository';

export function validityText(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

function renewPrice(row: PackageRow): number {
  return row.renew_amount ?? Math.round((row.amount * row.renew_discount) / 100);
}

export function toOldPackage(row: PackageRow): OldPackage {
  return {
    id: row.id,
    name: row.name,
    price: row.amount,
    currency: row.currency,
    renewDiscount: row.renew_discount,
    taxRate: row.tax_rate,
    validity: validityText(row.validity_days),
    area: row.translated_area ?? row.area ?? '',
    carriers: row.carriers ?? '',
    htu: row.htu ?? '',
    desc: row.description ?? '',
    tag: row.tag ?? '',
    lang: row.lang,
    pkg_type_id: row.pkg_type_id,
    renewal: row.renewal,
  };
}

export function toNewPackage(row: PackageRow): NewPackage {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    price: row.amount,
    discount_price: row.discount_amount ?? row.amount,
    renew_price: renewPrice(row),
    currency: row.currency,
    currency_symbol: currencySymbol(row.currency),
    taxRate: row.tax_rate,
    category: row.category ?? '',
    tag: row.tag ?? '',
    tag_background_color: row.tag_background_color ?? '',
    tag_words_color: row.tag_words_color ?? '',
    left_tag: row.left_tag ?? '',
    main_title: row.main_title ?? row.name,
    secondary_title: row.secondary_title ?? '',
    sub_title: row.sub_title ?? '',
    pkg_style_icon: row.pkg_style_icon ?? '',
    pkg_price_tip: row.pkg_price_tip ?? '',
    subscribe_tips: row.subscribe_tips ?? '',
    pkg_type_id: row.pkg_type_id,
    renewal: row.renewal,
    area: row.translated_area ?? row.area ?? '',
    validity: validityText(row.validity_days),
    validity_start: row.validity_start,
  };
}
