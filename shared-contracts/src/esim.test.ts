import { appleInstallLink, parseActivationCode } from './esim';

const CODE = 'LPA:1$smdp.example.com$K2-1ABC-XYZ9';

describe('activation codes', () => {
  it('splits the SM-DP+ address and matching id', () => {
    expect(parseActivationCode(CODE)).toEqual({ smdpAddress: 'smdp.example.com', matchingId: 'K2-1ABC-XYZ9' });
    expect(parseActivationCode('LPA:1$smdp.example.com$')).toEqual({ smdpAddress: 'smdp.example.com', matchingId: '' });
  });

  it('rejects other text', () => {
    expect(parseActivationCode('')).toBeNull();
    expect(parseActivationCode('https://example.com')).toBeNull();
    expect(parseActivationCode('LPA:2$a$b')).toBeNull();
  });

  it('builds the iOS link with the URL-encoded code', () => {
    expect(appleInstallLink(CODE)).toBe(
      'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.example.com%24K2-1ABC-XYZ9',
    );
    expect(appleInstallLink('nope')).toBeNull();
  });
});
