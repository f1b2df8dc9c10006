import { type FastifyInstance } from 'fastify';
import { ALL_CATEGORY, RECOMMEND_CATEGORY } from 'shared-contracts';
import { type CoverageCountry } from 'shared-contracts/schemas';
import { ApiError, ERROR_CODES } from '../../http/errors';
import { defineCall, type CallRoute } from '../../http/calls';
import { type CoverageRow } from './repository';
import { toNewPackage, toOldPackage } from './view';

function groupCoverage(rows: CoverageRow[]): CoverageCountry[] {
  const countries = new Map<number, CoverageCountry>();
  for (const row of rows) {
    let country = countries.get(row.country_id);
    if (!country) {
      country = { name: row.name, img: row.img ?? '', operators: [] };
      countries.set(row.country_id, country);
    }
    if (row.operator) country.operators.push({ name: row.operator, networkType: row.network_type ?? '' });
  }
  return [...countries.values()];
}

export function catalogueCalls(app: FastifyInstance): CallRoute[] {
  return [
    // Version-1 agents get the old `list`; versions 2 and 3 the new list, recommendations and category tabs.
    defineCall('getPkg', { auth: 'optional' }, async ({ iccid, lang, ccy }) => {
      const card = await app.cards.findCard(iccid);
      if (!card) throw new ApiError(ERROR_CODES.CARD_NOT_FOUND);
      const rows = await app.catalogue.listPackages({
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
      const categories = [...new Set(newList.map((pkg) => pkg.category).filter((category) => category !== ''))];
      return {
        list: [],
        newList,
        recommendList: rows.filter((row) => row.recommended || row.category === RECOMMEND_CATEGORY).map(toNewPackage),
        typeList: categories.length > 0 ? [ALL_CATEGORY, ...categories] : [],
      };
    }),

    // Exactly one of the three ids (the request schema enforces it); each names a product type of its kind.
    defineCall('getProductCountry', { auth: 'none' }, async (body) => {
      const [id, kind] =
        'pkg_type_id' in body
          ? [body.pkg_type_id, 'sim' as const]
          : 'pool_type_id' in body
            ? [body.pool_type_id, 'pool' as const]
            : [body.esim_product_id, 'esim' as const];
      // pkg_type_id also covers eSIM packages listed by getPkg for profile cards.
      const type =
        (await app.catalogue.findPackageType(id, kind)) ??
        (kind === 'sim' ? await app.catalogue.findPackageType(id, 'esim') : undefined);
      if (!type) return { countries: [] };
      return { countries: groupCoverage(await app.catalogue.coverage(type.id)) };
    }),
  ];
}
