/** How long work that waits for an idle moment waits at most. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `work` once the browser is next idle (requestIdleCallback, at most `timeoutMs` later; a timer where there is
 * none): what the page's first view does not show (the header's unread count, the server's locale lists) then waits
 * for that view to render instead of competing with it for the network and the main thread. Returns a cancel.
 */
export function whenIdle(work: () => void, timeoutMs = IDLE_TIMEOUT_MS): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 1);
  return () => window.clearTimeout(id);
}
