import { firstValueFrom, take, toArray } from 'rxjs';
import type * as BusModuleNamespace from './bus';
import type { EventMap } from './bus';

type BusModule = typeof BusModuleNamespace;

/** A fresh copy of the module, as a second bundle that did not share the singleton would load it. */
function loadCopy(): BusModule {
  let copy: BusModule | undefined;
  jest.isolateModules(() => {
    copy = jest.requireActual<BusModule>('./bus');
  });
  if (!copy) throw new Error('bus module did not load');
  return copy;
}

afterEach(() => {
  delete globalThis.__ESIM_BUS__;
});

describe('event bus', () => {
  it('delivers only events of the subscribed type', () => {
    const bus = loadCopy();
    const toasts: EventMap['toast'][] = [];
    const off = bus.subscribe('toast', (t) => toasts.push(t));
    bus.publish('card:refresh', { iccid: '8986012345678901234' });
    bus.publish('toast', { kind: 'success', messageKey: 'copy_succ' });
    off();
    bus.publish('toast', { kind: 'error', messageKey: 'errors.unknown' });
    expect(toasts).toEqual([{ kind: 'success', messageKey: 'copy_succ' }]);
  });

  it('is shared by two copies of the module through globalThis', async () => {
    const a = loadCopy();
    const b = loadCopy();
    expect(a).not.toBe(b);
    expect(a.busInstanceId()).toBe(b.busInstanceId());
    const received = firstValueFrom(b.on('card:refresh'));
    a.publish('card:refresh', { iccid: '8988000000000000001' });
    await expect(received).resolves.toEqual({ iccid: '8988000000000000001' });
  });

  it('exposes events as an Observable', async () => {
    const bus = loadCopy();
    const two = firstValueFrom(bus.on('locale:changed').pipe(take(2), toArray()));
    bus.publish('locale:changed', { lang: 'ar', ccy: 'USD' });
    bus.publish('locale:changed', { lang: 'he', ccy: 'EUR' });
    await expect(two).resolves.toEqual([
      { lang: 'ar', ccy: 'USD' },
      { lang: 'he', ccy: 'EUR' },
    ]);
  });

  it('keeps delivering to other listeners when one throws', () => {
    const bus = loadCopy();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    const offBad = bus.subscribe('support:open', () => {
      throw new Error('boom');
    });
    const offGood = bus.subscribe('support:open', (p) => seen.push(p.iccid ?? ''));
    bus.publish('support:open', { iccid: 'a' });
    bus.publish('support:open', { iccid: 'b' });
    offBad();
    offGood();
    expect(seen).toEqual(['a', 'b']);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it('creates a new bus id per page (global)', () => {
    const first = loadCopy().busInstanceId();
    delete globalThis.__ESIM_BUS__;
    expect(loadCopy().busInstanceId()).not.toBe(first);
  });

  describe('in a development build', () => {
    const env = process.env.NODE_ENV;
    beforeEach(() => {
      process.env.NODE_ENV = 'development';
    });
    afterEach(() => {
      process.env.NODE_ENV = env;
    });

    it('warns when an event is published with nobody listening, and not once someone does', () => {
      const bus = loadCopy();
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      bus.publish('checkout:open', {} as EventMap['checkout:open']);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain("'checkout:open'");
      const off = bus.subscribe('checkout:open', () => undefined);
      bus.publish('checkout:open', {} as EventMap['checkout:open']);
      expect(warn).toHaveBeenCalledTimes(1);
      off();
      off();
      bus.publish('checkout:open', {} as EventMap['checkout:open']);
      expect(warn).toHaveBeenCalledTimes(2);
      warn.mockRestore();
    });
  });
});
