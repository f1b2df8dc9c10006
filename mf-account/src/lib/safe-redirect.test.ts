import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each(['/user/info', '/2/89880000000000000001?mode=search', '/eshop/card/list#top'])('keeps %s', (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    '//evil.example',
    '//evil.example/user/info',
    '/\\evil',
    '/\\/evil.example',
    'https://evil.example',
    'http://evil.example/user/info',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,hi',
    'user/info',
    ' /user/info',
    '/user\ninfo',
    '',
    null,
    undefined,
  ])('refuses %j', (value) => {
    expect(safeRedirect(value)).toBeNull();
  });
});
