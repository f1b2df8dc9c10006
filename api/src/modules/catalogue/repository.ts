import { type Queryable } from '../../db/index';

export interface PackageRow {
  id: number;
  mode: number;
  pkg_type_id: number;
  category: string | null;
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
  // translation in the chosen language (or English)
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
  name: string;
  img: string | null;
  operator: string | null;
  network_type: string | null;
}

export function createCatalogueRepository(db: Queryable) {
  return {
    /**
     * Packages an agent's cards may buy, each priced in the first currency it has of the two asked for and
     * translated into the language asked for, else English (packages with neither price are left out).
     */
    async listPackages(query: PackageQuery): Promise<PackageRow[]> {
      return db.query<PackageRow>(
        `SELECT p.id, p.mode, p.pkg_type_id, cat.name AS category, p.validity_days, p.validity_start, p.renewal,
                p.tax_rate, p.tag, p.tag_background_color, p.tag_words_color, p.left_tag, p.pkg_style_icon, p.area,
                p.carriers, p.recommended, p.pool_lines,
                price.currency, price.amount, price.discount_amount, price.renew_amount, price.renew_discount,
                tr.lang, tr.name, tr.main_title, tr.secondary_title, tr.sub_title, tr.description, tr.htu,
                tr.area AS translated_area, tr.pkg_price_tip, tr.subscribe_tips
           FROM packages p
           JOIN package_types t ON t.id = p.pkg_type_id
           LEFT JOIN package_categories cat ON cat.id = p.category_id
           JOIN LATERAL (
             SELECT * FROM package_prices pp
              WHERE pp.package_id = p.id AND pp.currency IN ($4, $5)
              ORDER BY (pp.currency = $4) DESC LIMIT 1
           ) price ON true
           JOIN LATERAL (
             SELECT * FROM package_translations pt
              WHERE pt.package_id = p.id AND pt.lang IN ($6, 'en')
              ORDER BY (pt.lang = $6) DESC LIMIT 1
           ) tr ON true
          WHERE p.active AND t.kind = $1 AND $3 = ANY (p.agent_versions)
            AND (p.agent_flag IS NULL OR p.agent_flag = $2)
          ORDER BY cat.sort_order NULLS LAST, p.sort_order, p.id`,
        [query.productKind, query.agentFlag, query.agentVersion, query.currencies[0], query.currencies[1], query.lang],
      );
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
        `SELECT cc.id AS country_id, c.name, c.img, o.name AS operator, o.network_type
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
