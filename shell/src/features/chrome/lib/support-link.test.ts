import { supportLink } from './support-link';

const ORIGIN = 'https://shop.example.com';

describe('supportLink', () => {
  it('adds the e-mail and ICCID to an http(s) chat address, keeping its own query', () => {
    const link = supportLink(
      'https://chat.example.com/w?site=1',
      { email: 'a@b.co', iccid: '89880000000000000001' },
      ORIGIN,
    );
    const url = new URL(link!);
    expect([url.origin, url.pathname]).toEqual(['https://chat.example.com', '/w']);
    expect(Object.fromEntries(url.searchParams)).toEqual({ site: '1', email: 'a@b.co', iccid: '89880000000000000001' });
    expect(supportLink('http://chat.example.com/', {}, ORIGIN)).toBe('http://chat.example.com/');
  });

  it('resolves a path on the shop itself', () => {
    expect(supportLink('/help', { iccid: '89880000000000000001' }, ORIGIN)).toBe(
      'https://shop.example.com/help?iccid=89880000000000000001',
    );
  });

  it.each([
    '',
    '   ',
    'javascript:alert(1)',
    'data:text/html,hi',
    '//evil.example.com/x',
    'mailto:help@example.com',
    'ftp://x.example.com/',
    '/\\evil.example.com',
  ])('ignores %j (the built-in chat opens instead)', (configured) => {
    expect(supportLink(configured, { email: 'a@b.co' }, ORIGIN)).toBeNull();
  });
});
