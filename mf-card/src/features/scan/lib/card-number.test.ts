import { extractCardNumber } from './card-number';

test('a bare ICCID or EID barcode is taken as it is', () => {
  expect(extractCardNumber('89880000000000000001')).toBe('89880000000000000001');
  expect(extractCardNumber('8988000000000000019')).toBe('8988000000000000019');
  expect(extractCardNumber('89049032123456789012345678901234')).toBe('89049032123456789012345678901234');
});

test('digits are found inside text, grouped digits are joined, an 89 prefix wins', () => {
  expect(extractCardNumber('ICCID:89880000000000000007F')).toBe('89880000000000000007');
  expect(extractCardNumber('8988 0000 0000 0000 0001')).toBe('89880000000000000001');
  expect(extractCardNumber('order 12345678901234567890 card 89880000000000000003')).toBe('89880000000000000003');
  expect(extractCardNumber('EID 89049032123456789012345678901234 / 89880000000000000201')).toBe(
    '89049032123456789012345678901234',
  );
});

test('codes without a card number give null', () => {
  expect(extractCardNumber('LPA:1$smdp.example.com$DEMO-0201')).toBeNull();
  expect(extractCardNumber('https://example.com/shop?id=42')).toBeNull();
  expect(extractCardNumber('123456789012')).toBeNull();
  expect(extractCardNumber('')).toBeNull();
});
