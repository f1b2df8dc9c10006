// The single-bundle site: the shell's own start-up (shell/src/start.tsx), with every remote's routes imported
// directly instead of through federation.
import { bundledRoutesLoader, registerBundledRemotes } from './local-remotes';
import { startShell } from './parts';

registerBundledRemotes();
void startShell({ remotesLoader: bundledRoutesLoader });
