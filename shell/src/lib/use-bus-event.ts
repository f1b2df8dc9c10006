import { useLayoutEffect, useRef } from 'react';
import { getBus, type EventMap, type EventType } from 'shared-contracts';

/**
 * The shell's way to listen to the page's bus from a component: subscribed in a layout effect, so before any passive
 * effect of the same commit runs. A remote whose code came with the page mounts in the shell's first commit, and what
 * it publishes from its own mount effect (a pay return's 'order cancelled' toast, a session end) is heard. The
 * handler is always the latest one; the subscription lives as long as the component.
 */
export function useBusEvent<T extends EventType>(type: T, handler: (payload: EventMap[T]) => void): void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useLayoutEffect(() => getBus().subscribe(type, (payload) => latest.current(payload)), [type]);
}
