import { manifestCache, pinnedAddresses, remoteFirstView } from './manifests.mjs';
import { REMOTE_MANIFEST } from './test-support.mjs';

const MANIFEST = REMOTE_MANIFEST;

describe("a remote's manifest", () => {
  it("names the remote's entry, its route chunk and its strings from mf-manifest.json, nothing else", () => {
    const view = remoteFirstView('http://cdn.test/card/mf-manifest.json', MANIFEST, 'en');
    expect(view).toEqual({
      fetch: ['http://cdn.test/card/mf-manifest.json'],
      scripts: [
        'http://cdn.test/card/remoteEntry.js',
        'http://cdn.test/card/__federation_expose_routes.0947a278.js',
        'http://cdn.test/card/card-locale-en-json.22222222.js',
      ],
    });
    // A manifest without asset lists: the manifest only; none read (the remote is down): nothing.
    expect(remoteFirstView('http://cdn.test/mf-manifest.json', { exposes: [] }, 'en')).toEqual({
      fetch: ['http://cdn.test/mf-manifest.json'],
      scripts: [],
    });
    expect(remoteFirstView('http://cdn.test/mf-manifest.json', null, 'en')).toEqual({ fetch: [], scripts: [] });
    // The route's first screen as the remote names it (firstView): its chunks, and its strings in the language.
    const screens = {
      ...MANIFEST,
      firstView: {
        '/:flag/:iccid': { js: ['card-purchase.44444444.js'], byLanguage: { en: ['cardmore-strings-en-json.5.js'] } },
      },
    };
    expect(remoteFirstView('http://cdn.test/card/mf-manifest.json', screens, 'en', '/:flag/:iccid').scripts).toEqual([
      'http://cdn.test/card/remoteEntry.js',
      'http://cdn.test/card/__federation_expose_routes.0947a278.js',
      'http://cdn.test/card/card-locale-en-json.22222222.js',
      'http://cdn.test/card/card-purchase.44444444.js',
      'http://cdn.test/card/cardmore-strings-en-json.5.js',
    ]);
    expect(remoteFirstView('http://cdn.test/card/mf-manifest.json', screens, 'ar', '/:flag/:iccid').scripts).toContain(
      'http://cdn.test/card/card-purchase.44444444.js',
    );
    expect(remoteFirstView('http://cdn.test/card/mf-manifest.json', screens, 'en', '/pkg').scripts).toHaveLength(3);
  });

  it("resolves pinned files where the remote's files are: its publicPath, else beside the manifest", () => {
    const files = { 'remoteEntry.js': 'sha384-a' };
    expect(pinnedAddresses('http://cdn.test/card/mf-manifest.json', MANIFEST, files)).toEqual(
      new Map([['http://cdn.test/card/remoteEntry.js', 'sha384-a']]),
    );
    const elsewhere = { ...MANIFEST, metaData: { ...MANIFEST.metaData, publicPath: 'http://static.test/v2/' } };
    expect([...pinnedAddresses('http://cdn.test/card/mf-manifest.json', elsewhere, files).keys()]).toEqual([
      'http://static.test/v2/remoteEntry.js',
    ]);
    expect([...pinnedAddresses('http://cdn.test/card/mf-manifest.json', null, files).keys()]).toEqual([
      'http://cdn.test/card/remoteEntry.js',
    ]);
  });

  it('forgets a manifest whose remote went down once it is read again, and waits for no slow one', async () => {
    let clock = 0;
    let reply = async () => MANIFEST;
    const manifests = manifestCache(
      (url) => reply(url),
      () => clock,
    );
    expect(await manifests.get('http://r.test/mf-manifest.json')).toBe(MANIFEST);
    reply = async () => {
      throw new Error('ECONNREFUSED');
    };
    clock = 1_000;
    expect(await manifests.get('http://r.test/mf-manifest.json')).toBe(MANIFEST);
    clock = 10_000;
    expect(await manifests.get('http://r.test/mf-manifest.json')).toBeNull();
    reply = () => new Promise(() => undefined);
    clock = 20_000;
    expect(await manifests.get('http://r.test/mf-manifest.json')).toBeNull();
  });
});
