import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from 'shared-contracts';
import { renderRemote, siteConfig, stubCalls } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { AboutPage } from './AboutPage';

const config = (android: string, ios: string) => siteConfig({ android_download: android, ios_download: ios });

async function renderAbout(stored: Record<string, string> = {}, route = '/user/about') {
  return renderRemote(<AboutPage client={createApiClient()} />, { stored, route, i18n: { namespaces: [remote] } });
}

describe('about page (/user/about)', () => {
  it('names the product and version and links the two agreements', async () => {
    stubCalls({ getConfig: config('', '') });
    await renderAbout();
    expect(screen.getByTestId('about-product')).toHaveTextContent('eSIM Shop');
    expect(screen.getByTestId('about-version')).toHaveTextContent('Version 0.1.0');
    expect(screen.getByRole('link', { name: 'Purchase agreement' })).toHaveAttribute('href', '/agreement');
    expect(screen.getByRole('link', { name: 'Auto-renewal agreement' })).toHaveAttribute('href', '/renew/agreement');
  });

  it('offers the app downloads the configuration names, http(s) only', async () => {
    const api = stubCalls({ getConfig: config('https://play.example/app', 'javascript:alert(1)') });
    await renderAbout();
    const android = await screen.findByRole('link', { name: 'Android app' });
    expect(android).toHaveAttribute('href', 'https://play.example/app');
    expect(android).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'iPhone app' })).not.toBeInTheDocument();
    expect(api.callsTo('getConfig')[0]?.body).toEqual({ url: window.location.href });
  });

  it('shows no store buttons when none is configured, and says how to install the web app instead', async () => {
    const api = stubCalls({ getConfig: config('', '/relative/app') });
    await renderAbout();
    await screen.findByRole('button', { name: 'Contact support' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.callsTo('getConfig')).toHaveLength(1);
    expect(screen.queryByTestId('about-apps')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /app$/ })).not.toBeInTheDocument();
    const install = screen.getByTestId('about-install');
    // The install pop-up links here: /user/about#install.
    expect(install).toHaveAttribute('id', 'install');
    expect(install).toHaveTextContent('Add the eSIM Shop to your home screen');
    expect(screen.getByTestId('about-install-steps')).toHaveTextContent('tap Share, then “Add to Home Screen”');
  });

  it("installs the web app through the browser's prompt when the browser offers one", async () => {
    stubCalls({ getConfig: config('', '') });
    await renderAbout();
    const prompt = jest.fn(async () => undefined);
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.dispatchEvent(offer);
    });
    expect(offer.defaultPrevented).toBe(true);
    expect(screen.queryByTestId('about-install-steps')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Install the app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(await screen.findByTestId('about-installed')).toHaveTextContent(
      'The eSIM Shop is installed on this device.',
    );
  });

  it('scrolls to the install section when a link points at it (the install pop-up)', async () => {
    const scrolled: Element[] = [];
    const scrollIntoView = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      stubCalls({ getConfig: config('', '') });
      await renderAbout({}, '/user/about#install');
      expect(scrolled).toEqual([screen.getByTestId('about-install')]);
    } finally {
      Element.prototype.scrollIntoView = scrollIntoView;
    }
  });

  it('says so when the shop already runs from the home screen', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) =>
      ({
        matches: query === '(display-mode: standalone)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList) as typeof window.matchMedia;
    try {
      stubCalls({ getConfig: config('', '') });
      await renderAbout();
      expect(await screen.findByTestId('about-installed')).toBeInTheDocument();
      expect(screen.queryByTestId('about-install-steps')).not.toBeInTheDocument();
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('opens support with the logged-in e-mail', async () => {
    stubCalls({ getConfig: config('', '') });
    const { bus } = await renderAbout({ USER_EMAIL: 'ana@example.com' });
    const heard: unknown[] = [];
    bus.subscribe('support:open', (event) => heard.push(event));
    await userEvent.click(screen.getByRole('button', { name: 'Contact support' }));
    expect(heard).toEqual([{ email: 'ana@example.com' }]);
  });
});
