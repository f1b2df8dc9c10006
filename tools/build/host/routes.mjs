// @ts-check
// The shell's route table as the host reads it (route-table.json, written by the shell's build beside index.html):
// which entry answers an address, and which remote owns it. The host has no React to ask, so it ranks routes as
// react-router does.

/** @typedef {{ path: string, owner: string, ownerByQuery?: { param: string, owner: string } }} RouteEntry */

/** Route ranking as react-router's: more segments first, static segments outrank dynamic ones. */
const segmentsOf = (/** @type {string} */ p) => p.split('/').filter(Boolean);

/**
 * The table entry answering `pathname` and the remote that owns it for this query; null when none.
 * @param {readonly RouteEntry[]} table @param {string} pathname @param {URLSearchParams} search
 * @returns {{ entry: RouteEntry, owner: string } | null}
 */
export function routeFor(table, pathname, search) {
  const wanted = segmentsOf(pathname);
  let best = /** @type {{ entry: RouteEntry, score: number } | null} */ (null);
  for (const entry of table) {
    const segments = segmentsOf(entry.path);
    if (segments.length !== wanted.length) continue;
    let score = 0;
    let matches = true;
    for (const [index, segment] of segments.entries()) {
      if (segment.startsWith(':')) score += 3;
      else if (segment === wanted[index]) score += 10;
      else {
        matches = false;
        break;
      }
    }
    if (matches && (!best || score > best.score)) best = { entry, score };
  }
  if (!best) return null;
  const { entry } = best;
  const owner = entry.ownerByQuery && search.has(entry.ownerByQuery.param) ? entry.ownerByQuery.owner : entry.owner;
  return { entry, owner };
}
