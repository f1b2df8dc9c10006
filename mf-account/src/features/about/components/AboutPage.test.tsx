import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from 'shared-contracts';
import { renderRemote, siteConfig, stubCalls } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { AboutPage } from './AboutPage';

const config = (android: string, ios: string) => siteConfig({ android_download: android, ios_download: ios });

async function renderAbout(stored: Record<string, string> = {}) {
  return renderRemote(<AboutPage client={createApiClient()} />, { stored, i18n: { namespaces: [remote] } });
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

  it('shows no download section when none is configured', async () => {
    const api = stubCalls({ getConfig: config('', '/relative/app') });
    await renderAbout();
    await screen.findByRole('button', { name: 'Contact support' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.callsTo('getConfig')).toHaveLength(1);
    expect(screen.queryByTestId('about-apps')).not.toBeInTheDocument();
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
