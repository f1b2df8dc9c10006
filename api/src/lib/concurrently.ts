/** Outside calls (mails, provider requests) one batch keeps running at once: enough to hide their latency. */
export const OUTSIDE_CALLS_AT_ONCE = 16;

/**
 * Runs `fn` for every item with at most `limit` running at once (outside calls such as mails and provider charges:
 * enough at once to hide their latency, few enough not to flood the other side). Every item runs even when some
 * fail; the answers say which did.
 */
export async function settleConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<Array<PromiseSettledResult<R>>> {
  const results: Array<PromiseSettledResult<R>> = new Array(items.length);
  let next = 0;
  async function lane() {
    for (let index = next++; index < items.length; index = next++) {
      try {
        results[index] = { status: 'fulfilled', value: await fn(items[index] as T) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** `items` cut into consecutive lists of at most `size` (the last one may be shorter). */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  const lists: T[][] = [];
  for (let start = 0; start < items.length; start += size) lists.push(items.slice(start, start + size));
  return lists;
}
