import { screen, within } from '@testing-library/react';
import { renderRemote } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { ACTIVATION_CODE } from '../../../testing/fixtures';
import InstallGuide, { installWayFor } from './InstallGuide';

// One-tap install (issue 25): the way that fits the phone comes first, the others stay reachable.

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const PIXEL = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

const render = (way: 'ios' | 'android' | 'other') =>
  renderRemote(<InstallGuide code={ACTIVATION_CODE} name="eSIM 1234" way={way} />, { i18n: { namespaces: [remote] } });

/** The test ids of the guide's parts that say how to install, in page order. */
const order = () =>
  Array.from(screen.getByTestId('install-guide').querySelectorAll('[data-testid]'))
    .map((node) => node.getAttribute('data-testid'))
    .filter((id) => ['apple-install', 'android-install', 'qr-code'].includes(id ?? ''));

describe('InstallGuide', () => {
  it('tells the phones apart by their user agent', () => {
    expect(installWayFor(IPHONE)).toBe('ios');
    expect(installWayFor(PIXEL)).toBe('android');
    expect(installWayFor(DESKTOP)).toBe('other');
  });

  it("an iPhone gets Apple's one-tap link first, the QR code and the manual pair after it", async () => {
    await render('ios');
    expect(order()).toEqual(['apple-install', 'qr-code']);
    expect(screen.getByTestId('apple-install')).toHaveAttribute(
      'href',
      `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(ACTIVATION_CODE)}`,
    );
    expect(screen.getByTestId('install-smdp')).toHaveTextContent('smdp.example.com');
  });

  it('an Android phone gets the code to paste in Settings first; the iPhone link stays, below', async () => {
    await render('android');
    expect(order()).toEqual(['android-install', 'qr-code', 'apple-install']);
    expect(screen.getByTestId('android-install')).toHaveTextContent('Enter code instead');
    expect(screen.getByTestId('android-install-code')).toHaveTextContent(ACTIVATION_CODE);
  });

  it('a computer gets the QR code first, to scan with the phone', async () => {
    await render('other');
    expect(order()).toEqual(['qr-code', 'apple-install']);
    expect(within(screen.getByTestId('install-guide')).queryByTestId('android-install')).toBeNull();
  });
});
