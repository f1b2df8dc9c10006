/**
 * @jest-environment jsdom
 */
// Moments ("Updated …") on a server-rendered page: written in the zone the server knew (the page's cookie), or in
// UTC with its name when it knew none; the hydrating render writes the same, then the device's zone.
import './testing/text-encoding';
import { act, createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beginHydration, resetHydration } from './hydration';
import { setRequestScopeProvider, type RequestScope } from './request-scope';
import { createSafeStorage } from './storage';
import {
  deviceTimeZone,
  prepareDeviceMoments,
  formatMoment,
  rememberTimeZone,
  seedTimeZone,
  TIME_ZONE_COOKIE,
  useTimeZone,
  validTimeZone,
} from './time-zone';

const AT = Date.UTC(2026, 10, 28, 23, 30);

function Moment() {
  return createElement('span', null, formatMoment(AT, 'en', useTimeZone()));
}

function scoped(timeZone: string | null): RequestScope {
  return {
    storage: createSafeStorage(null),
    apiBase: 'http://x/eshop',
    answers: new Map(),
    pending: new Set(),
    timeZone,
  };
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => setRequestScopeProvider(null));

it('writes a moment in the given zone, and in UTC with its name when none is known', () => {
  expect(formatMoment(AT, 'en', 'Asia/Tokyo')).toBe('Nov 29, 2026, 8:30 AM');
  expect(formatMoment(AT, 'en', null)).toBe('Nov 28, 2026, 11:30 PM UTC');
  expect(formatMoment(AT, 'de', 'Europe/Berlin')).toBe('29.11.2026, 00:30');
});

it('takes only zones Intl knows from the cookie', () => {
  expect(validTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
  expect(validTimeZone('Mars/Olympus')).toBeNull();
  expect(validTimeZone('<script>')).toBeNull();
  expect(validTimeZone(undefined)).toBeNull();
});

it('renders on the server in the request zone, or UTC without one', () => {
  setRequestScopeProvider(() => scoped('Asia/Tokyo'));
  expect(renderToString(createElement(Moment))).toBe('<span>Nov 29, 2026, 8:30 AM</span>');
  setRequestScopeProvider(() => scoped('Not/AZone'));
  expect(renderToString(createElement(Moment))).toBe('<span>Nov 28, 2026, 11:30 PM UTC</span>');
});

it('hydrates with the zone the page was rendered in, then shows the device zone', async () => {
  const errors: unknown[] = [];
  seedTimeZone(null);
  const container = document.createElement('div');
  container.innerHTML = '<span>Nov 28, 2026, 11:30 PM UTC</span>';
  document.body.append(container);
  const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
  resetHydration();
  beginHydration();
  jest.useFakeTimers();
  try {
    await act(async () => {
      hydrateRoot(container, createElement(Moment), { onRecoverableError: (error) => errors.push(error) });
    });
    // The server's moment until the hydrated page has run its effects; the device's zone in a later task.
    expect(container.textContent).toBe('Nov 28, 2026, 11:30 PM UTC');
    await act(async () => {
      jest.runOnlyPendingTimers();
    });
  } finally {
    jest.useRealTimers();
  }
  expect(errors).toEqual([]);
  expect(container.textContent).toBe(formatMoment(AT, 'en', device));
});

it('remembers the device zone in a cookie for the server', () => {
  const doc = { cookie: '' };
  rememberTimeZone(doc);
  expect(doc.cookie).toMatch(new RegExp(`^${TIME_ZONE_COOKIE}=[^;]+; Path=/; Max-Age=31536000; SameSite=Lax$`));
});

it('reads the device zone again a second later (a phone crossing a border)', () => {
  let zone = 'Asia/Tokyo';
  let now = 10_000_000;
  const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  const read = jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: zone };
  });
  try {
    expect(deviceTimeZone()).toBe('Asia/Tokyo');
    zone = 'Europe/Berlin';
    now += 999;
    expect(deviceTimeZone()).toBe('Asia/Tokyo');
    expect(formatMoment(AT, 'en')).toBe('Nov 29, 2026, 8:30 AM');
    now += 1;
    expect(deviceTimeZone()).toBe('Europe/Berlin');
    expect(formatMoment(AT, 'en')).toBe('Nov 29, 2026, 12:30 AM');
  } finally {
    read.mockRestore();
    clock.mockRestore();
  }
});

it("reads the device zone from Temporal where there is one, without Intl, and leaves an offset to Intl's check", () => {
  let now = 20_000_000;
  const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
  const resolved = jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions');
  const engine = globalThis as { Temporal?: unknown };
  let id = 'America/Sao_Paulo';
  engine.Temporal = { Now: { timeZoneId: () => id } };
  try {
    expect(deviceTimeZone()).toBe('America/Sao_Paulo');
    expect(resolved).not.toHaveBeenCalled();
    id = '+05:30';
    now += 1_000;
    expect(deviceTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(resolved).toHaveBeenCalled();
  } finally {
    delete engine.Temporal;
    resolved.mockRestore();
    clock.mockRestore();
  }
});

it("makes the device zone's moment format at start only on a page whose moments were written without a zone", () => {
  const made = jest.spyOn(Intl, 'DateTimeFormat');
  try {
    expect(prepareDeviceMoments({ 'moment|fr|Asia/Tokyo|0': '…', 'data|fr|5': '5 Mo' })).toBe(false);
    expect(prepareDeviceMoments(undefined)).toBe(false);
    expect(made).not.toHaveBeenCalled();
    expect(prepareDeviceMoments({ [`moment|fr||${AT}`]: '29 nov. 2026, 00:30 UTC' })).toBe(true);
    const calls = made.mock.calls.length;
    expect(calls).toBeGreaterThan(0);
    // The render after hydrating writes the moment with the format made at start.
    formatMoment(AT, 'fr', deviceTimeZone());
    expect(made.mock.calls.length).toBe(calls);
  } finally {
    made.mockRestore();
  }
});
