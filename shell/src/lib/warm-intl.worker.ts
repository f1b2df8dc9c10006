// The worker of warm-intl.ts: makes the page's first formats, says so, and is ended by the page.
import { makeFirstFormats, WARM_INTL_DONE, type WarmIntlRequest } from './warm-intl';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WarmIntlRequest>) => void) | null;
  postMessage(message: unknown): void;
};
scope.onmessage = (event) => {
  try {
    makeFirstFormats(event.data.lang);
  } catch {
    // A language Intl refuses: the page's own format says so where it matters.
  }
  scope.postMessage(WARM_INTL_DONE);
};
