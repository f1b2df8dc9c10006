// A record of which React and which bus each federated package runs with, so an end-to-end test can prove the
// singletons hold: every entry of window.__ESIM_RUNTIME__ must point at the same React and the same bus.
import { getBus, type EventBus } from './bus';

export interface RuntimeEntry {
  react: object;
  /** The React version string, readable from a test without comparing objects across frames. */
  reactVersion: string;
  bus: EventBus;
  busId: string;
}

declare global {
  var __ESIM_RUNTIME__: Record<string, RuntimeEntry> | undefined;
}

/** Called once by the shell and by each remote's bootstrap with its `import * as React from 'react'`. */
export function registerRuntime(name: string, { react }: { react: object }): RuntimeEntry {
  const bus = getBus();
  const version = (react as { version?: unknown }).version;
  const entry: RuntimeEntry = {
    react,
    reactVersion: typeof version === 'string' ? version : 'unknown',
    bus,
    busId: bus.id,
  };
  globalThis.__ESIM_RUNTIME__ ??= {};
  globalThis.__ESIM_RUNTIME__[name] = entry;
  return entry;
}

export function getRuntime(): Readonly<Record<string, RuntimeEntry>> {
  return globalThis.__ESIM_RUNTIME__ ?? {};
}
