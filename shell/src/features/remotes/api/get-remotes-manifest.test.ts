import { REMOTES_MAP_ELEMENT_ID } from '../../../lib/remotes-map';
import { getRemotesManifest, remotesManifestInPage } from './get-remotes-manifest';

const PIN = `sha384-${'B'.repeat(64)}`;

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
    pageWith(
      JSON.stringify({
        mf_card: 'http://c.test/mf-manifest.json',
        evil: 'http://x.test',
        mf_pool: '',
        integrity: { mode: 'required', manifests: { mf_card: PIN, evil: PIN, mf_esim: 'md5-abc' } },
      }),
    );
    const fetchSpy = jest.fn();
    global.fetch = fetchSpy;
    await expect(getRemotesManifest()).resolves.toEqual({
      remotes: { mf_card: 'http://c.test/mf-manifest.json' },
      integrity: { mode: 'required', manifests: { mf_card: PIN } },
    });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('fails closed: without pins every remote is unpinned, and only an explicit "off" stops checking', () => {
    pageWith(JSON.stringify({ mf_card: 'http://c.test/mf-manifest.json' }));
    expect(remotesManifestInPage()?.integrity).toEqual({ mode: 'required', manifests: {} });
    pageWith(JSON.stringify({ mf_card: 'http://c.test/mf-manifest.json', integrity: { mode: 'maybe' } }));
    expect(remotesManifestInPage()?.integrity).toEqual({ mode: 'required', manifests: {} });
    pageWith(JSON.stringify({ mf_card: 'http://c.test/mf-manifest.json', integrity: { mode: 'off' } }));
    expect(remotesManifestInPage()?.integrity).toEqual({ mode: 'off', manifests: {} });
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
    await expect(getRemotesManifest()).resolves.toEqual({
      remotes: { mf_esim: 'http://e.test/mf-manifest.json' },
      integrity: { mode: 'required', manifests: {} },
    });
    expect(global.fetch).toHaveBeenCalledWith('/remotes.json', expect.anything());
  });
});
