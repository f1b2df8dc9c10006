import { isHttpUrl, shopUrl } from './links';

describe('links of the sheet', () => {
  it.each([
    ['https://checkout.stripe.com/c/pay/cs_1', true],
    ['http://localhost:3000/eshop/sandbox/pay/1', true],
    ['javascript:alert(1)', false],
    ['/eshop/sandbox/pay/1', false],
    ['//evil.example/pay', false],
    ['data:text/html,hi', false],
    ['', false],
  ])('pay_url %s is http(s): %s', (url, ok) => {
    expect(isHttpUrl(url)).toBe(ok);
  });

  it("points at the shop's origin on a partner page, and stays a path on the shop", () => {
    expect(shopUrl('/agreement')).toBe('/agreement');
    expect(shopUrl('/agreement', 'https://shop.example/eshop')).toBe('https://shop.example/agreement');
    expect(shopUrl('/agreement', '/eshop')).toBe('/agreement');
    expect(shopUrl('/agreement', 'javascript:alert(1)')).toBe('/agreement');
  });
});
