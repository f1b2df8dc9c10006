// Test helper: a fresh page bus per test, so no listener of one test hears the next. The bus lives on globalThis
// (see ../bus.ts); dropping it makes the next getBus() create a new one.
export function resetBus(): void {
  delete globalThis.__ESIM_BUS__;
}
