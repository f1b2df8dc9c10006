// The early view's handle, for the pages (CardPage, HomePage) without the early views' code (lib/early-frame and the
// features' early-view.ts, built into the early script only).

/** The element's id: the page removes it by this id. */
export const EARLY_VIEW_ID = 'mf-card-early-view';
/** Set on <html> once the page has its own view: an early view arriving later is not drawn. */
export const EARLY_VIEW_DONE = 'data-page-drawn';

/** The page has its own view now: remove the early view, and never draw one later. */
export function dismissEarlyView(doc: Document = document): void {
  doc.documentElement.setAttribute(EARLY_VIEW_DONE, '');
  doc.getElementById(EARLY_VIEW_ID)?.remove();
}
