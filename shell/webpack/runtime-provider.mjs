// Remotes are built with experiments.externalRuntime: their remoteEntry.js uses the federation runtime core of the
// page instead of carrying its own copy (about 20 KB gzip less on every page that loads a remote). The shell
// provides it (experiments.provideExternalRuntime); pages without the shell (a remote's standalone page, the
// partner example) load this script first.
import * as runtimeCore from '@eshop-impl/mf-runtime-core';

globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
