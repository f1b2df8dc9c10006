import { isServerRender, type CardListResponse } from 'shared-contracts';
import type { WidgetId } from 'shared-contracts/ui/federation';

/** The other remotes' widgets the card list shows for `list`: eSIM slots, shared plans, eSIMs. */
export function listWidgets(list: CardListResponse): WidgetId[] {
  const ids: WidgetId[] = [];
  if (list.eid.length) ids.push('mf_esim/SlotCard');
  if (list.pool.length) ids.push('mf_pool/PoolCard');
  if (list.esim.length) ids.push('mf_esim/EsimCard');
  return ids;
}

/** How long the browser's start-up waits for the widgets the server drew before it hydrates without them. */
export const WIDGETS_BEFORE_HYDRATION_MS = 1000;

/**
 * The list's widgets and their strings, loaded once its answer is in (the route's prefetch), so the page's first
 * render draws them: on the server (their stand-ins when a remote has no server build or fails), and in the browser
 * the hydrating render the same (the start-up waits for them, at most WIDGETS_BEFORE_HYDRATION_MS: a widget still
 * loading then hydrates once its code is in).
 */
export function prefetchListWidgets(answer: Promise<{ ok: boolean; data?: unknown }>, lang: string): Promise<unknown> {
  const loading = answer.then(async (result) => {
    if (!result.ok) return;
    const ids = listWidgets(result.data as CardListResponse);
    if (!ids.length) return;
    const { loadWidget } = await import('shared-contracts/ui/federation');
    await Promise.allSettled(ids.map((id) => loadWidget(id, lang)));
  });
  const settled = loading.catch(() => undefined);
  if (isServerRender()) return settled;
  return Promise.race([settled, new Promise((resolve) => setTimeout(resolve, WIDGETS_BEFORE_HYDRATION_MS))]);
}
