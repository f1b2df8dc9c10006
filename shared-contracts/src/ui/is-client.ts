import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and in the render that hydrates server HTML, true in any other client render (and right after
 * hydration): what needs the document (a portal into document.body, window sizes) renders only when true, so the
 * hydrating render equals the server's.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
