import { type PriceView } from './pricing';

/**
 * The name payments give a package: what the shop showed the buyer on the package they tapped, in the translation
 * their list was in (the order's language, else English). The pay page, the order records, the package records
 * (/pkg, a pool's packages), receipts, renewal and alert mails all name a package by this one rule, so '1 GB' in the
 * shop is never 'Starter 1 GB' on the pay page, in the records or in a mail. By the list it was sold from, as its
 * price (pricing.ts salePrice):
 * - 'new' (card pages of versions 2 and 3, the eSIM shop): the package card's title, main_title, else the name
 *   (NewPackage.main_title, which the package card and the payment sheet show);
 * - 'old' (the version-1 card page): the name, the only one its list has;
 * - 'pool' (shared-pool plans): the plan card's title and its second line ('50 GB 30 days'), as the sheet names it.
 * Each text field is the language's, else English's (migration 019, as the catalogue lists them).
 */
export function packageDisplayName(
  row: { name: string; main_title?: string | null; secondary_title?: string | null },
  view: PriceView,
): string {
  if (view === 'old') return row.name;
  const title = packageTitle(row);
  if (view === 'new') return title;
  return [title, row.secondary_title?.trim()].filter(Boolean).join(' ');
}

/** The title of a package card or pool plan card: its main_title, else its name. */
export function packageTitle(row: { name: string; main_title?: string | null }): string {
  return row.main_title?.trim() || row.name;
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
 * The list a package record (card_packages `record`) was sold from: its order's (orderViewSql over `order` and the
 * order's agent `orderAgent`); a record without an order (the demo's, one an operator added) by where it is: a
 * pool's from the pool list, a card's from the list its card's agent (`cardAgent`) shows.
 */
export function recordViewSql(record = 'cp', order = 'o', orderAgent = 'ag', cardAgent = 'ca'): string {
  return `CASE WHEN ${order}.id IS NOT NULL THEN (${orderViewSql(order, orderAgent)})
               WHEN ${record}.pool_id IS NOT NULL THEN 'pool'
               WHEN ${cardAgent}.version = 1 THEN 'old' ELSE 'new' END`;
}

/**
 * packageDisplayName as an SQL expression: `translated` (package_translations in the order's language), `english`
 * (package_translations in English), `pkg` (packages: its code is the last resort) and `view` (an SQL expression of
 * the view, e.g. orderViewSql()). Like the catalogue's listing, each field is the translation's unless it is empty,
 * else English's. NULL only when there is no package (pkg not joined).
 */
export function packageNameSql(translated: string, english: string, pkg: string, view: string): string {
  const field = (column: string) =>
    `coalesce(nullif(btrim(${translated}.${column}), ''), nullif(btrim(${english}.${column}), ''))`;
  const name = `coalesce(${field('name')}, ${pkg}.code)`;
  const title = `coalesce(${field('main_title')}, ${name})`;
  return `CASE (${view}) WHEN 'old' THEN ${name}
            WHEN 'pool' THEN nullif(concat_ws(' ', ${title}, ${field('secondary_title')}), '')
            ELSE ${title} END`;
}

/**
 * What a package record's name (recordNameSql) needs, to put in its FROM after card_packages `record`: the record's
 * order and agents, its package and its texts in `lang` (an SQL expression: a parameter or a column) and English.
 * Its tables are named rn_*.
 */
export function recordNameJoins(lang: string, record = 'cp'): string {
  return `LEFT JOIN orders rn_o ON rn_o.id = ${record}.order_id
          LEFT JOIN agents rn_oa ON rn_oa.flag = rn_o.agent_flag
          LEFT JOIN cards rn_c ON rn_c.iccid = ${record}.iccid
          LEFT JOIN agents rn_ca ON rn_ca.flag = rn_c.agent_flag
          LEFT JOIN packages rn_p ON rn_p.id = ${record}.package_id
          LEFT JOIN package_translations rn_t ON rn_t.package_id = ${record}.package_id AND rn_t.lang = ${lang}
          LEFT JOIN package_translations rn_en ON rn_en.package_id = ${record}.package_id AND rn_en.lang = 'en'`;
}

/**
 * A package record's name by the one rule (packageNameSql over the list it was sold from, recordViewSql), with
 * recordNameJoins in its FROM; the name stored with the record when its package is gone. `translated`: the record's
 * package_translations in the language wanted (recordNameJoins' rn_t, or a join of the caller's for another one).
 */
export function recordNameSql(record = 'cp', translated = 'rn_t'): string {
  const view = recordViewSql(record, 'rn_o', 'rn_oa', 'rn_ca');
  return `coalesce(${packageNameSql(translated, 'rn_en', 'rn_p', view)}, ${record}.name)`;
}
