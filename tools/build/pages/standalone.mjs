// A remote's standalone page (dist/index.html on the remote's own origin): loads the remote from its manifest,
// exactly as the shell does, and runs its `./standalone` expose. __ESIM_REMOTE__ is the remote's federation name.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

/* global __ESIM_REMOTE__ */
const name = __ESIM_REMOTE__;
registerRemotes([{ name, entry: new URL('/mf-manifest.json', window.location.href).href }]);

loadRemote(`${name}/standalone`)
  .then((module) => module.default())
  .catch((error) => {
    console.error(`[${name}] standalone page failed`, error);
    const root = document.getElementById('root');
    if (root) root.textContent = `${name} could not start: ${error instanceof Error ? error.message : String(error)}`;
  });
