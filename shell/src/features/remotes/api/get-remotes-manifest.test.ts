import { REMOTES_MAP_ELEMENT_ID } from '../../../lib/remotes-map';
import { getRemotesManifest, remotesManifestInPage } from './get-remotes-manifest';

function pageWith(text: string, type = 'application/json') {
  document.body.innerHTML = '';
  const element = document.createElement('script');
  element.id = REMOTES_MAP_ELEMENT_ID;
  element.type = type;
  element.textContent = text;
  document.body.append(element);
}

describe('the remotes map in the page', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is read from the page, keeping only known remotes with an address, and no request is made', async () => {
    pageWith(JSON.stringify({ mf_card: 'http://c.test/mf-manifest.json', evil: 'http://x.test', mf_pool: '' }));
    const fetchSpy = jest.fn();
    global.fetch = fetchSpy;
    await expect(getRemotesManifest()).resolves.toEqual({ mf_card: 'http://c.test/mf-manifest.json' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('is not used when it is broken, or not a JSON data block', () => {
    pageWith('{not json');
    expect(remotesManifestInPage()).toBeNull();
    pageWith(JSON.stringify({ mf_card: 'http://c.test/mf-manifest.json' }), 'text/plain');
    expect(remotesManifestInPage()).toBeNull();
  });

  it('without one, /remotes.json is asked', async () => {
    global.fetch = jest.fn(
      async () =>
        ({ ok: true, status: 200, json: async () => ({ mf_esim: 'http://e.test/mf-manifest.json' }) }) as Response,
    );
    await expect(getRemotesManifest()).resolves.toEqual({ mf_esim: 'http://e.test/mf-manifest.json' });
    expect(global.fetch).toHaveBeenCalledWith('/remotes.json', expect.anything());
  });
});
