import { ensureRemotesManifest } from './features/remotes/lib/federation';
import { registerServiceWorker } from './features/offline/lib/service-worker';
import { startShell } from './start';

// Remote addresses are looked up now, in parallel with the language bundles.
ensureRemotesManifest().catch((error: unknown) => console.warn('[shell] remotes manifest unavailable', error));
void startShell();
// Offline card page and installable site: production builds only, after the page has loaded.
registerServiceWorker();
