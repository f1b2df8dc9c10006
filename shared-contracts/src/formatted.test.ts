/**
 * @jest-environment jsdom
 */
// A server-rendered page's figures and dates: the server records what its formatters wrote, the hydrating render
// takes those texts without making an Intl format, and anything the page did not hold is formatted as usual.
import './testing/text-encoding';
import { act, createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { formatData, formatDay } from './format';
import { formatMaker, formatOnce, seedFormatted } from './formatted';
import { formatPrice } from './money';
import { setRequestScopeProvider, type RequestScope } from './request-scope';
import { createSafeStorage } from './storage';
import { formatMoment } from './time-zone';

function scoped(): RequestScope {
  return {
    storage: createSafeStorage(null),
    apiBase: 'http://x/eshop',
    answers: new Map(),
    pending: new Set(),
    formatted: new Map(),
  };
}

const AT = Date.UTC(2026, 10, 28, 23, 30);

function Figures({ lang }: { lang: string }) {
  return createElement(
    'p',
    null,
    `${formatData(5324.8, lang)} · ${formatDay('2026-12-19', lang)} · ${formatPrice(1999, 'EUR', { lang })} · ` +
      formatMoment(AT, lang, 'Asia/Tokyo'),
  );
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  setRequestScopeProvider(null);
  jest.restoreAllMocks();
});

it('records on the server what the formatters wrote, by every input', () => {
  const scope = scoped();
  setRequestScopeProvider(() => scope);
  const html = renderToString(createElement(Figures, { lang: 'sv' }));
  expect(html).toContain('5,2 GB');
  expect(Object.fromEntries(scope.formatted!)).toEqual({
    'data|sv|5324.8': '5,2 GB',
    'day|sv|2026-12-19': formatDay('2026-12-19', 'sv'),
    'price|sv|EUR|19.99': formatPrice(1999, 'EUR', { lang: 'sv' }),
    [`moment|sv|Asia/Tokyo|${AT}`]: formatMoment(AT, 'sv', 'Asia/Tokyo'),
  });
});

it("hydrates with the page's texts, formatting nothing, and formats what the page did not hold", async () => {
  const scope = scoped();
  setRequestScopeProvider(() => scope);
  const html = renderToString(createElement(Figures, { lang: 'nb' }));
  setRequestScopeProvider(null);
  seedFormatted(Object.fromEntries(scope.formatted!));

  // The formats the server made are kept in this process: what must not happen is any formatting at all.
  const numberFormat = jest.spyOn(Intl.NumberFormat.prototype as { format: unknown }, 'format', 'get');
  const dateFormat = jest.spyOn(Intl.DateTimeFormat.prototype as { format: unknown }, 'format', 'get');
  const errors: unknown[] = [];
  const container = document.createElement('div');
  container.innerHTML = html;
  const serverText = container.textContent;
  document.body.append(container);
  await act(async () => {
    hydrateRoot(container, createElement(Figures, { lang: 'nb' }), {
      onRecoverableError: (error) => errors.push(error),
    });
  });
  expect(errors).toEqual([]);
  expect(container.textContent).toBe(serverText);
  expect(numberFormat).not.toHaveBeenCalled();
  expect(dateFormat).not.toHaveBeenCalled();

  // Not in the page: written here.
  expect(formatData(100, 'nb')).toBe('100 MB');
  expect(numberFormat).toHaveBeenCalled();
});

it('takes only texts from the seed, and writes when the key is not there', () => {
  seedFormatted({ 'x|a': 'kept', 'x|b': 42 as unknown as string });
  expect(formatOnce('x|a', () => 'written')).toBe('kept');
  expect(formatOnce('x|b', () => 'written')).toBe('written');
  seedFormatted(null);
  expect(formatOnce('x|c', () => 'written')).toBe('written');
});

describe('formatMaker', () => {
  it('makes one format per key and hands the same one back, up to its limit, then starts again', () => {
    const make = jest.fn(
      (lang: string, digits: number) => new Intl.NumberFormat(lang, { maximumFractionDigits: digits }),
    );
    const format = formatMaker((lang: string, digits: number) => `${lang}|${digits}`, make, 2);
    const german = format('de', 1);
    expect(german.format(1234.56)).toBe('1.234,6');
    expect(format('de', 1)).toBe(german);
    expect(format('en', 1)).not.toBe(german);
    expect(make).toHaveBeenCalledTimes(2);
    // A third key past the limit of two: the kept ones are dropped, so German is made again.
    format('fr', 1);
    expect(format('de', 1)).not.toBe(german);
    expect(make).toHaveBeenCalledTimes(4);
  });

  it('keeps what make answers, null included, and not what it throws', () => {
    let fails = true;
    const make = jest.fn((lang: string) => {
      if (lang === 'xx' && fails) throw new RangeError('bad tag');
      return lang === 'none' ? null : lang.toUpperCase();
    });
    const format = formatMaker((lang: string) => lang, make);
    expect(format('none')).toBeNull();
    expect(format('none')).toBeNull();
    expect(make).toHaveBeenCalledTimes(1);
    expect(() => format('xx')).toThrow(RangeError);
    fails = false;
    expect(format('xx')).toBe('XX');
  });
});
