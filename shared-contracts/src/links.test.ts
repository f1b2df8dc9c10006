import { isHttpUrl, isSitePath, leavePageFor, pageExit, safeLink } from './links';

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

describe('leaving for another site', () => {
  it.each([
    ['https://checkout.stripe.com/c/pay/cs_1', true],
    ['http://localhost:3000/eshop/sandbox/pay/1', true],
    ['javascript:alert(1)', false],
    ['/eshop/sandbox/pay/1', false],
    ['//evil.example/pay', false],
    ['data:text/html,hi', false],
    ['', false],
    [`https://example.com/${'a'.repeat(2100)}`, false],
    [42, false],
  ])('%p is an http(s) URL: %s', (url, ok) => expect(isHttpUrl(url)).toBe(ok));

  it('goes only to an http(s) URL, through pageExit', () => {
    const assign = jest.spyOn(pageExit, 'assign').mockImplementation(() => undefined);
    expect(leavePageFor('javascript:alert(1)')).toBe(false);
    expect(leavePageFor('/user/login')).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    expect(leavePageFor('https://accounts.example.com/auth?state=s')).toBe(true);
    expect(assign).toHaveBeenCalledWith('https://accounts.example.com/auth?state=s');
    assign.mockRestore();
  });
});
