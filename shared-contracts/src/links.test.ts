import { isSitePath, safeLink } from './links';

describe('safeLink', () => {
  it.each([
    ['https://example.com/gift?x=1', 'https://example.com/gift?x=1'],
    ['  http://example.com  ', 'http://example.com'],
    ['/2/89880000000000000002?type=Europe', '/2/89880000000000000002?type=Europe'],
  ])('keeps %s', (link, expected) => expect(safeLink(link)).toBe(expected));

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<b>x</b>',
    '//evil.example.com',
    '/\\evil.example.com',
    'https://exa\nmple.com',
    'mailto:someone@example.com',
    'not a url',
    `https://example.com/${'a'.repeat(2100)}`,
    '',
    null,
    undefined,
  ])('drops %p', (link) => expect(safeLink(link)).toBe(''));

  it('tells own-site paths from other links', () => {
    expect(isSitePath('/card/msg')).toBe(true);
    expect(isSitePath('//host/x')).toBe(false);
    expect(isSitePath('https://example.com')).toBe(false);
  });
});
