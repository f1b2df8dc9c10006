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

/**
 * How long the browser waits for the list's widgets before the list shows (or hydrates) with whatever is in: a widget
 * replacing its stand-in after the list is on screen moves what is under it.
 */
export const WIDGET_WAIT_MS = 1000;

/**
 * Loads the widgets `list` shows and their strings (`loadWidget` with the language: the widget's `prepare`), so the
 * list's render draws them without suspending. Settles when they are in (or failed); in the browser after
 * WIDGET_WAIT_MS at most, on the server when they are in (the page's render waits for its data anyway).
 */
export async function loadListWidgets(list: CardListResponse, lang: string): Promise<void> {
  const ids = listWidgets(list);
  if (!ids.length) return;
  const { loadWidget } = await import('shared-contracts/ui/federation');
  const loading = Promise.allSettled(ids.map((id) => loadWidget(id, lang)));
  await (isServerRender()
    ? loading
    : Promise.race([loading, new Promise((resolve) => setTimeout(resolve, WIDGET_WAIT_MS))]));
}

/**
 * The route's prefetch: the list's widgets, once its answer is in, so the page's first render draws them: on the
 * server (their stand-ins when a remote has no server build or fails), and in the browser the hydrating render the
 * same (the start-up waits for them, WIDGET_WAIT_MS at most: a widget still loading then hydrates once its code is in).
 */
export function prefetchListWidgets(answer: Promise<{ ok: boolean; data?: unknown }>, lang: string): Promise<void> {
  return answer
    .then((result) => (result.ok ? loadListWidgets(result.data as CardListResponse, lang) : undefined))
    .catch(() => undefined);
}
