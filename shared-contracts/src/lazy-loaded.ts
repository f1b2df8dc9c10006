// Server-side rendering (issue 27): lazy parts of a page rendered on the server hydrate in the hydrating render when
// their code is already in. React.lazy asks its loader in the first render and waits for the promise (a microtask at
// least) even when the chunk is loaded; meanwhile the server's HTML of that part is dehydrated, and any update that
// reaches it then (strings added to i18next, a bus event) makes React drop that HTML and render the part anew.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A loader that keeps what it loaded: `loaded()` answers it synchronously once the promise resolved. */
export interface KeptLoader<T> {
  (): Promise<T>;
  loaded(): T | undefined;
}

/** `load` run once (again after a failure), its result kept for `loaded()`. */
export function keptLoader<T>(load: () => Promise<T>): KeptLoader<T> {
  let pending: Promise<T> | null = null;
  let value: { module: T } | null = null;
  const run = (() => {
    if (!pending) {
      pending = load().then((module) => {
        value = { module };
        return module;
      });
      // A failed load (a deploy, a dropped connection) is tried again by the next caller.
      pending.catch(() => {
        pending = null;
      });
    }
    return pending;
  }) as KeptLoader<T>;
  run.loaded = () => value?.module;
  return run;
}

/**
 * React.lazy over a kept loader and the component it picks: resolved in the same render when the loader already has
 * the module (a thenable that calls back at once, which React.lazy takes as resolved), else loaded as usual.
 */
export function lazyKept<M, P extends object>(
  load: KeptLoader<M>,
  pick: (module: M) => ComponentType<P>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => {
    const module = load.loaded();
    if (module === undefined) return load().then((loaded) => ({ default: pick(loaded) }));
    const resolved = { default: pick(module) };
    // Not a Promise: `then` calls back synchronously, so React.lazy is resolved before it would suspend.
    return { then: (resolve: (value: typeof resolved) => void) => resolve(resolved) } as Promise<typeof resolved>;
  });
}
