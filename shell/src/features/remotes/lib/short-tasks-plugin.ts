import { type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { nextTask } from '../../../lib/next-task';

/**
 * Loading a remote's module in several tasks instead of one. The federation runtime goes from the remote entry's load
 * event to the module's exports in one chain of promises: the container's init (the shared packages it registers),
 * `get` (the module's shared dependencies resolved, its chunks asked for) and the module's evaluation. On the card
 * page that chain and the entry's own evaluation were one task of 108 ms in an applied Lighthouse run with the CPU
 * slowed 11.5 times (a phone on a slow day), in which the page could not answer a tap. A new task before each of the
 * three steps (nothing waits on it but the chain itself) lets the browser paint and handle input in between.
 */
export function shortTasksPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'eshop-short-tasks',
    beforeInitRemote: () => nextTask(),
    beforeGetExpose: () => nextTask(),
    beforeExecuteFactory: () => nextTask(),
  };
}
