import { shopUrl } from './links';

describe('links of the sheet', () => {
  it("points at the shop's origin on a partner page, and stays a path on the shop", () => {
    expect(shopUrl('/agreement')).toBe('/agreement');
    expect(shopUrl('/agreement', 'https://shop.example/eshop')).toBe('https://shop.example/agreement');
    expect(shopUrl('/agreement', '/eshop')).toBe('/agreement');
    expect(shopUrl('/agreement', 'javascript:alert(1)')).toBe('/agreement');
  });
});
