// The warming worker as its own chunk (webpack's worker syntax; kept apart from warm-intl.ts, which jest runs).
export function makeIntlWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  return new Worker(new URL('./warm-intl.worker.ts', import.meta.url), { name: 'intl-warm' });
}
