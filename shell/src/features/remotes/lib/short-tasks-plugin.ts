import { type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { nextTask } from '../../../lib/next-task';

/**
 * Loading a remote's module in several tasks instead of one. The federation runtime goes from the remote's manifest to
 * the module's exports in chains of promises: the manifest read and the preloads of the module's files it names, the
 * entry's script tag; then from the entry's load event the container's init (the shared packages it registers), `get`
 * (the module's shared dependencies resolved, its chunks asked for) and the module's evaluation. On the card page,
 * in applied Lighthouse runs with the CPU slowed 9 to 11.5 times (a phone on a slow day), those were tasks of 68 to
 * 157 ms (the manifest to the entry's tag) and 108 ms (the load event onwards), in which the page could not answer a
 * tap. A new task before each step (nothing waits on it but the chain itself; a step's requests start a task later)
 * lets the browser paint and handle input in between. Left in one task: the runtime's list of the module's files and
 * their preload tags (66-80 ms under that model; its hook has no place for a task between the two).
 */
export function shortTasksPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'eshop-short-tasks',
    // The manifest read; the preloads of the module's files next.
    beforePreloadRemote: () => nextTask(),
    // The preloads' tags made; the entry's script tag next (undefined: the runtime's own loading).
    loadEntry: async () => {
      await nextTask();
      return undefined;
    },
    beforeInitRemote: () => nextTask(),
    beforeGetExpose: () => nextTask(),
    beforeExecuteFactory: () => nextTask(),
  };
}
