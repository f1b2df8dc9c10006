// A page's first Intl format in a browser tab loads ICU's locale and time-zone data: 15 to 25 ms on this machine's
// Chromium (a phone's CPU takes several times that), one long task on the main thread, and a server-rendered page
// needs one right after hydrating (a first visit's moments, written in UTC by the server, are written again in the
// device's zone). Chromium keeps that data for the whole renderer process, so a worker that makes the same formats
// first takes the load off the main thread, on another core: measured here, the main thread's first format went from
// 21.6 ms to 0.3 ms once a worker had made one. Elsewhere the worker's formats only cost a thread for a moment.

/** The messages between the page and the warming worker (warm-intl.worker.ts). */
export interface WarmIntlRequest {
  lang: string;
}
export const WARM_INTL_DONE = 'intl-warm';

/**
 * How long after the worker's start the page waits for it at most (20-40 ms here on a fast link; under Lighthouse's
 * applied throttling its file alone takes a 560 ms round trip and ICU's load 11 times longer). The start-up waits for it
 * only once the route's code and strings are in, which take longer, so a slow worker holds nothing; one that never
 * answers is not waited for past this.
 */
export const WARM_INTL_WAIT_MS = 1_500;

/**
 * The formats that load the data the page's first ones need: a moment in the device's zone, a number and a plural
 * rule (measured: after them, the UTC moment format took 0.3-0.7 ms instead of 15-20).
 */
export function makeFirstFormats(lang: string): void {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(0);
  new Intl.NumberFormat(lang).format(1.5);
  new Intl.PluralRules(lang).select(1);
}

type WorkerLike = Pick<Worker, 'postMessage' | 'terminate' | 'addEventListener'>;

let warming: Promise<void> = Promise.resolve();

/**
 * Starts the worker (`makeWorker`: null where there is none) for `lang`; `intlWarmed()` settles once it is done,
 * failed or `waitMs` passed. Called first thing at start, before the shell's code is evaluated.
 */
export function warmIntl(makeWorker: () => WorkerLike | null, lang: string, waitMs = WARM_INTL_WAIT_MS): void {
  let worker: WorkerLike | null = null;
  try {
    worker = makeWorker();
  } catch {
    worker = null;
  }
  if (!worker) return;
  const started = worker;
  warming = new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      started.terminate();
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    started.addEventListener('message', (event) => {
      if (event.data === WARM_INTL_DONE) done();
    });
    started.addEventListener('error', done);
    const request: WarmIntlRequest = { lang };
    started.postMessage(request);
  });
}

/** Settles when the worker started by warmIntl is done (at once when none was started). */
export function intlWarmed(): Promise<void> {
  return warming;
}
