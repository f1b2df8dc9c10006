import { type Db } from '../../db/index';
import { createRowCache } from '../../db/row-cache';

export interface PackageRow {
  id: number;
  mode: number;
  pkg_type_id: number;
  /** The category's stable key (logic, typeList, ?type=) and its label in the chosen language (or English). */
  category: string | null;
  category_label: string | null;
  validity_days: number;
  validity_start: 'purchase' | 'first_use' | 'install';
  renewal: boolean;
  tax_rate: number;
  tag: string | null;
  tag_background_color: string | null;
  tag_words_color: string | null;
  left_tag: string | null;
  pkg_style_icon: string | null;
  area: string | null;
  carriers: string | null;
  recommended: boolean;
  /** Shared-pool plans: how many cards may share it (null for other packages). */
  pool_lines: number | null;
  // price in the chosen currency
  currency: string;
  amount: number;
  discount_amount: number | null;
  renew_amount: number | null;
  renew_discount: number;
  // Texts in the chosen language, each field falling back to English on its own (tags above too).
  lang: string;
  name: string;
  main_title: string | null;
  secondary_title: string | null;
  sub_title: string | null;
  description: string | null;
  htu: string | null;
  translated_area: string | null;
  pkg_price_tip: string | null;
  subscribe_tips: string | null;
}

export interface PackageQuery {
  productKind: 'sim' | 'esim' | 'pool';
  agentFlag: string;
  agentVersion: number;
  /** Preferred currency, then the fallback (the agent's). */
  currencies: [string, string];
  lang: string;
}

export interface CoverageRow {
  country_id: number;
  /** ISO 3166-1 alpha-2: the name is shown in the caller's language from it (the stored name is English). */
  country_code: string;
  name: string;
  img: string | null;
  operator: string | null;
  network_type: string | null;
}

/** A translated text field: the chosen language's (tr) unless empty, else English (en). */
function translated(column: string, alias: string = column): string {
  return `coalesce(nullif(tr.${column}, ''), en.${column}) AS ${alias}`;
}

export function createCatalogueRepository(db: Db) {
  // The shop lists (every card page asks one), kept until the data changes (db/row-cache).
  const pageLists = createRowCache<{ rows: PackageRow[] }>(db, { max: 1_000, copy: structuredClone });
  const readPackages = (query: PackageQuery) =>
    db.query<PackageRow>(
      `SELECT p.id, p.mode, p.pkg_type_id, cat.name AS category,
                coalesce(nullif(cl.label, ''), nullif(cen.label, ''), cat.name) AS category_label,
                p.validity_days, p.validity_start, p.renewal, p.tax_rate,
                coalesce(nullif(tr.tag, ''), nullif(en.tag, ''), p.tag) AS tag,
                p.tag_background_color, p.tag_words_color,
                coalesce(nullif(tr.left_tag, ''), nullif(en.left_tag, ''), p.left_tag) AS left_tag,
                p.pkg_style_icon, p.area, p.carriers, p.recommended, p.pool_lines,
                price.currency, price.amount, price.discount_amount, price.renew_amount, price.renew_discount,
                coalesce(tr.lang, en.lang) AS lang,
                coalesce(nullif(tr.name, ''), en.name, p.code) AS name,
                ${translated('main_title')}, ${translated('secondary_title')}, ${translated('sub_title')},
                ${translated('description')}, ${translated('htu')}, ${translated('area', 'translated_area')},
                ${translated('pkg_price_tip')}, ${translated('subscribe_tips')}
           FROM packages p
           JOIN package_types t ON t.id = p.pkg_type_id
           LEFT JOIN package_categories cat ON cat.id = p.category_id
           LEFT JOIN package_category_translations cl ON cl.category_id = cat.id AND cl.lang = $6
           LEFT JOIN package_category_translations cen ON cen.category_id = cat.id AND cen.lang = 'en'
           JOIN LATERAL (
             SELECT * FROM package_prices pp
              WHERE pp.package_id = p.id AND pp.currency IN ($4, $5)
              ORDER BY (pp.currency = $4) DESC LIMIT 1
           ) price ON true
           LEFT JOIN package_translations tr ON tr.package_id = p.id AND tr.lang = $6
           LEFT JOIN package_translations en ON en.package_id = p.id AND en.lang = 'en'
          WHERE p.active AND t.kind = $1 AND $3 = ANY (p.agent_versions)
            AND (p.agent_flag IS NULL OR p.agent_flag = $2)
            AND (tr.package_id IS NOT NULL OR en.package_id IS NOT NULL)
          ORDER BY cat.sort_order NULLS LAST, p.sort_order, p.id`,
      [query.productKind, query.agentFlag, query.agentVersion, query.currencies[0], query.currencies[1], query.lang],
    );
  return {
    /**
     * Packages an agent's cards may buy, each priced in the first currency it has of the two asked for and
     * translated into the language asked for, field by field, else English (packages with neither price, or with
     * no text in either language, are left out). Read from the database: a purchase's price.
     */
    async listPackages(query: PackageQuery): Promise<PackageRow[]> {
      return readPackages(query);
    },

    /** listPackages for the shop's lists (getPkg, the eSIM shop, pool plans): from memory until the data changes. */
    async pagePackages(query: PackageQuery): Promise<PackageRow[]> {
      const kept = await pageLists.get(JSON.stringify(query), async () => ({ rows: await readPackages(query) }));
      return kept?.rows ?? [];
    },

    /** The agent of an eSIM slot (null: none, the default store sells to it); undefined when there is no slot. */
    async slotAgent(eid: string): Promise<{ agent_flag: string | null } | undefined> {
      return db.one<{ agent_flag: string | null }>(`SELECT agent_flag FROM esim_slots WHERE eid = $1`, [eid]);
    },

    async findPackageType(id: number, kind: 'sim' | 'esim' | 'pool'): Promise<{ id: number } | undefined> {
      return db.one(`SELECT id FROM package_types WHERE id = $1 AND kind = $2`, [id, kind]);
    },

    /** Countries covered by a product type with their operators (one row per operator), by country name. */
    async coverage(pkgTypeId: number): Promise<CoverageRow[]> {
      return db.query<CoverageRow>(
        `SELECT cc.id AS country_id, c.code AS country_code, c.name, c.img, o.name AS operator, o.network_type
           FROM coverage_countries cc
           JOIN countries c ON c.code = cc.country_code
           LEFT JOIN coverage_operators o ON o.coverage_country_id = cc.id
          WHERE cc.pkg_type_id = $1
          ORDER BY cc.sort_order, c.name, o.id`,
        [pkgTypeId],
      );
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
