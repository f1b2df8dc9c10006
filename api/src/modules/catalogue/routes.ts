import { type FastifyInstance } from 'fastify';
import { ALL_CATEGORY, RECOMMEND_CATEGORY } from 'shared-contracts';
import { type CoverageCountry } from 'shared-contracts/schemas';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { defineCall, requireUser, type CallRoute } from '../../http/calls';
import { SLOT_NOT_FOUND } from '../cards/routes';
import { type CoverageRow } from './repository';
import { toNewPackage, toOldPackage, toPoolPlan } from './view';

/** A country's name in the language asked for (from its ISO code), else the stored (English) name. */
function countryName(row: CoverageRow, lang: string | undefined): string {
  if (!lang || lang === 'en') return row.name;
  try {
    const name = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' }).of(row.country_code);
    return name ?? row.name;
  } catch {
    return row.name;
  }
}

function groupCoverage(rows: CoverageRow[], lang?: string): CoverageCountry[] {
  const countries = new Map<number, CoverageCountry>();
  for (const row of rows) {
    let country = countries.get(row.country_id);
    if (!country) {
      country = { name: countryName(row, lang), img: row.img ?? '', operators: [] };
      countries.set(row.country_id, country);
    }
    if (row.operator) country.operators.push({ name: row.operator, networkType: row.network_type ?? '' });
  }
  return [...countries.values()];
}

/** The category tabs of a new-view list: 'All' first when there are any. */
function typeListOf(packages: ReadonlyArray<{ category: string }>): string[] {
  const categories = [...new Set(packages.map((pkg) => pkg.category).filter((category) => category !== ''))];
  return categories.length > 0 ? [ALL_CATEGORY, ...categories] : [];
}

/** Each category key of the list → its label in the language asked for (typeList keeps the keys). */
function typeLabelsOf(packages: ReadonlyArray<{ category: string; category_label?: string }>): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const pkg of packages) {
    if (pkg.category !== '' && !(pkg.category in labels)) labels[pkg.category] = pkg.category_label || pkg.category;
  }
  return labels;
}

/**
 * Coverage of a product type of this kind (an unknown id has none): getProductCountry, the zone-info calls. Country
 * names in `lang` when given (else English).
 */
export async function coverageOfType(
  app: FastifyInstance,
  id: number,
  kind: 'sim' | 'esim' | 'pool',
  lang?: string,
): Promise<{ countries: CoverageCountry[] }> {
  const type = await app.catalogue.findPackageType(id, kind);
  if (!type) return { countries: [] };
  return { countries: groupCoverage(await app.catalogue.coverage(type.id), lang) };
}

export function catalogueCalls(app: FastifyInstance): CallRoute[] {
  const coverageOf = (id: number, kind: 'sim' | 'esim' | 'pool', lang?: string) => coverageOfType(app, id, kind, lang);

  return [
    // Version-1 agents get the old `list`; versions 2 and 3 the new list, recommendations and category tabs.
    defineCall('getPkg', { auth: 'optional' }, async ({ iccid, lang, ccy }) => {
      const card = await app.cards.pageCard(iccid);
      if (!card) throw new ApiError(ERROR_CODES.CARD_NOT_FOUND);
      const rows = await app.catalogue.pagePackages({
        productKind: card.card_kind === 2 ? 'esim' : 'sim',
        agentFlag: card.agent_flag,
        agentVersion: card.agent_version,
        currencies: [ccy, card.agent_ccy],
        lang,
      });
      if (card.agent_version === 1) {
        return { list: rows.map(toOldPackage), newList: [], recommendList: [], typeList: [] };
      }
      const newList = rows.map(toNewPackage);
      return {
        list: [],
        newList,
        recommendList: rows.filter((row) => row.recommended || row.category === RECOMMEND_CATEGORY).map(toNewPackage),
        typeList: typeListOf(newList),
        typeLabels: typeLabelsOf(newList),
      };
    }),

    // The eSIM shop of a slot: the eSIM products its agent (else the default store) sells, in the new view.
    defineCall('esimGoodsList', { auth: 'optional' }, async ({ eid, lang, ccy }) => {
      const slot = await app.catalogue.slotAgent(eid);
      if (!slot) throw new ApiError(ERROR_CODES.NOT_FOUND, SLOT_NOT_FOUND);
      const agent =
        (slot.agent_flag ? await app.cards.findAgent(slot.agent_flag) : undefined) ?? (await app.cards.defaultAgent());
      if (!agent) return { list: [], typeList: [], typeLabels: {} };
      const rows = await app.catalogue.pagePackages({
        productKind: 'esim',
        agentFlag: agent.flag,
        agentVersion: agent.version,
        currencies: [ccy, agent.ccy],
        lang,
      });
      const list = rows.map((row) => ({ ...toNewPackage(row), esim_product_id: row.pkg_type_id }));
      return { list, typeList: typeListOf(list), typeLabels: typeLabelsOf(list) };
    }),

    defineCall('esimProductZoneInfo', { auth: 'none' }, async ({ esim_product_id, lang }) =>
      coverageOf(esim_product_id, 'esim', lang),
    ),

    // Shared-pool plans: those the card's agent sells (by ICCID), those of the caller's pool (by pool id, owner
    // only), or the default store's. Prices in the currency asked for, else the agent's.
    defineCall('getPoolPkgList', { auth: 'optional' }, async ({ iccid, pool_object_id, ccy, lang }, { user }) => {
      let agent = await app.cards.defaultAgent();
      if (pool_object_id !== undefined) {
        const pools = await app.cards.listUserPools(requireUser(user).id);
        if (!pools.some((pool) => pool.pool_object_id === pool_object_id)) throw new ApiError(ERROR_CODES.FORBIDDEN);
      } else if (iccid !== undefined) {
        const card = await app.cards.findCard(iccid);
        if (!card) throw new ApiError(ERROR_CODES.CARD_NOT_FOUND);
        agent = (await app.cards.findAgent(card.agent_flag)) ?? agent;
      }
      if (!agent) return { list: [] };
      const language = lang ?? agent.lang;
      const rows = await app.catalogue.pagePackages({
        productKind: 'pool',
        agentFlag: agent.flag,
        agentVersion: agent.version,
        currencies: [ccy, agent.ccy],
        lang: language,
      });
      return { list: rows.map((row) => toPoolPlan(row, language)) };
    }),

    // Exactly one of the three ids (the request schema enforces it); each names a product type of its kind.
    defineCall('getProductCountry', { auth: 'none' }, async (body) => {
      const lang = body.lang;
      const [id, kind] =
        'pkg_type_id' in body
          ? [body.pkg_type_id, 'sim' as const]
          : 'pool_type_id' in body
            ? [body.pool_type_id, 'pool' as const]
            : [body.esim_product_id, 'esim' as const];
      // pkg_type_id also covers eSIM packages listed by getPkg for profile cards.
      const coverage = await coverageOf(id, kind, lang);
      return kind === 'sim' && coverage.countries.length === 0 ? coverageOf(id, 'esim', lang) : coverage;
    }),
  ];
}
