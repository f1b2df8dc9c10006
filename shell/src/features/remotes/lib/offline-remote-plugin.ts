import { type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// Failure is designed: when a remote's manifest, entry or exposed module cannot be loaded, loadRemote resolves
// to this stand-in instead of throwing, and the shell shows "unavailable, retry" in that remote's area only.
export const REMOTE_UNAVAILABLE = Symbol.for('eshop.remote-unavailable');

export interface UnavailableModule {
  [REMOTE_UNAVAILABLE]: true;
  id: string;
  reason: string;
}

export function isUnavailableModule(value: unknown): value is UnavailableModule {
  return typeof value === 'object' && value !== null && REMOTE_UNAVAILABLE in value;
}

export function offlineRemotePlugin(
  onUnavailable?: (id: string, error: unknown) => void,
): ModuleFederationRuntimePlugin {
  return {
    name: 'eshop-offline-remote',
    errorLoadRemote({ id, error, lifecycle }) {
      // Only the final stage answers with a module; earlier stages (manifest, entry) rethrow and end up here.
      if (lifecycle !== 'onLoad') return undefined;
      onUnavailable?.(id, error);
      const standIn: UnavailableModule = {
        [REMOTE_UNAVAILABLE]: true,
        id,
        reason: error instanceof Error ? error.message : String(error),
      };
      return standIn;
    },
  };
}
