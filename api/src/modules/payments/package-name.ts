import { type PriceView } from './pricing';

/**
 * The name payments give a package: what the shop showed the buyer on the package they tapped, in the translation
 * their list was in (the order's language, else English). The pay page, the order records, receipts and renewal
 * mails all name a package by this one rule, so '1 GB' in the shop is never 'Starter 1 GB' on the pay page or in a
 * mail. By the list it was sold from, as its price (pricing.ts salePrice):
 * - 'new' (card pages of versions 2 and 3, the eSIM shop): the package card's title, main_title, else the name
 *   (NewPackage.main_title, which the package card and the payment sheet show);
 * - 'old' (the version-1 card page): the name, the only one its list has;
 * - 'pool' (shared-pool plans): the plan card's title and its second line ('50 GB 30 days'), as the sheet names it.
 */
export function packageDisplayName(
  row: { name: string; main_title?: string | null; secondary_title?: string | null },
  view: PriceView,
): string {
  if (view === 'old') return row.name;
  const title = row.main_title?.trim() || row.name;
  if (view === 'new') return title;
  return [title, row.secondary_title?.trim()].filter(Boolean).join(' ');
}

/**
 * The list an order was sold from, as SQL over `order` (orders) and `agent` (agents of its agent_flag): a pool plan
 * from the pool list, a card's package from the old list on a version-1 agent's card, anything else from the new one.
 */
export function orderViewSql(order = 'o', agent = 'ag'): string {
  return `CASE WHEN ${order}.product_kind = 'pool' THEN 'pool'
               WHEN ${order}.product_kind = 'card' AND ${agent}.version = 1 THEN 'old' ELSE 'new' END`;
}

/**
 * packageDisplayName as an SQL expression: `translated` (package_translations in the order's language), `english`
 * (package_translations in English), `pkg` (packages: its code is the last resort) and `view` (an SQL expression of
 * the view, e.g. orderViewSql()). Like the catalogue's listing, the translated row is used whole when it exists.
 */
export function packageNameSql(translated: string, english: string, pkg: string, view: string): string {
  const named = (alias: string) => {
    const title = `coalesce(nullif(btrim(${alias}.main_title), ''), ${alias}.name)`;
    return `CASE (${view}) WHEN 'old' THEN ${alias}.name
              WHEN 'pool' THEN nullif(concat_ws(' ', ${title}, nullif(btrim(${alias}.secondary_title), '')), '')
              ELSE ${title} END`;
  };
  return `coalesce(${named(translated)}, ${named(english)}, ${pkg}.code)`;
}
