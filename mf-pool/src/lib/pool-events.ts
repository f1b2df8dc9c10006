import { useEffect, useRef } from 'react';
import { publish, subscribe } from 'shared-contracts';

/**
 * After a change the user made: a toast saying what happened (a key of this remote's namespace), then 'pool:changed'
 * so the card list and the pool's screens load it again.
 */
export function announcePoolChange(
  poolObjectId: string | null,
  messageKey: string,
  values?: Record<string, string | number>,
): void {
  announce(messageKey, values);
  publish('pool:changed', { poolObjectId });
}

/** A success toast with a text of this remote's namespace. */
export function announce(messageKey: string, values?: Record<string, string | number>): void {
  publish('toast', { kind: 'success', messageKey: `pool:${messageKey}`, ...(values ? { values } : {}) });
}

/** Runs `reload` when this pool (or the user's pools as a whole, id null) changed anywhere on the page. */
export function usePoolChanged(poolObjectId: string | null, reload: () => void): void {
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(
    () =>
      subscribe('pool:changed', (event) => {
        if (event.poolObjectId === null || event.poolObjectId === poolObjectId) latest.current();
      }),
    [poolObjectId],
  );
}
