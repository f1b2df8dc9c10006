import { getRuntime, registerRuntime } from './runtime';
import { getBus } from './bus';

afterEach(() => {
  delete globalThis.__ESIM_RUNTIME__;
});

describe('registerRuntime', () => {
  it('records each package with its React and the page bus', () => {
    const react = { version: '19.3.1' };
    registerRuntime('shell', { react });
    registerRuntime('mf_card', { react });
    const runtime = getRuntime();
    expect(Object.keys(runtime)).toEqual(['shell', 'mf_card']);
    expect(runtime.shell?.react).toBe(runtime.mf_card?.react);
    expect(runtime.mf_card).toMatchObject({ reactVersion: '19.3.1', busId: getBus().id });
    expect(runtime.shell?.bus).toBe(getBus());
  });

  it('makes a second React copy visible', () => {
    registerRuntime('shell', { react: { version: '19.3.1' } });
    registerRuntime('mf_pool', { react: { version: '18.3.1' } });
    const runtime = getRuntime();
    expect(runtime.shell?.react).not.toBe(runtime.mf_pool?.react);
    expect(runtime.mf_pool?.reactVersion).toBe('18.3.1');
  });
});
