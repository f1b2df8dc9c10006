import { ensureRemotesManifest } from './features/remotes/lib/federation';
import { startShell } from './start';

// Remote addresses are looked up now, in parallel with the language bundles.
ensureRemotesManifest().catch((error: unknown) => console.warn('[shell] remotes manifest unavailable', error));
void startShell();
