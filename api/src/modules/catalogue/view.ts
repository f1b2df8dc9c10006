import { formatPrice } from 'shared-contracts';
import { type NewPackage, type OldPackage, type PoolPlan } from 'shared-contracts/schemas';
import { currencySymbol } from '../../lib/format';
import { packageTitle } from '../payments/package-name';
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
    validity_days: row.validity_days,
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
    category_label: row.category_label ?? row.category ?? '',
    tag: row.tag ?? '',
    tag_background_color: row.tag_background_color ?? '',
    tag_words_color: row.tag_words_color ?? '',
    left_tag: row.left_tag ?? '',
    main_title: packageTitle(row),
    secondary_title: row.secondary_title ?? '',
    sub_title: row.sub_title ?? '',
    pkg_style_icon: row.pkg_style_icon ?? '',
    pkg_price_tip: row.pkg_price_tip ?? '',
    subscribe_tips: row.subscribe_tips ?? '',
    pkg_type_id: row.pkg_type_id,
    renewal: row.renewal,
    area: row.translated_area ?? row.area ?? '',
    validity: validityText(row.validity_days),
    validity_days: row.validity_days,
    validity_start: row.validity_start,
  };
}

/** A shared-pool plan card (two-column plan grid of the shared-plan tab). */
export function toPoolPlan(row: PackageRow, lang: string): PoolPlan {
  const price = row.discount_amount ?? row.amount;
  return {
    id: row.id,
    tag: row.tag ?? '',
    main_title: packageTitle(row),
    secondary_title: row.secondary_title ?? '',
    pool_lines: Math.max(1, row.pool_lines ?? 1),
    price_str: formatPrice(price, row.currency, { lang }) ?? '',
    currency_symbol: currencySymbol(row.currency),
    price,
    currency: row.currency,
    pool_type_id: row.pkg_type_id,
  };
}
