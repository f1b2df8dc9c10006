import { remotesMapInPage, isShellNavigation, remoteFileKind, remoteOriginsOf, urlsToWarm } from './match';

const SHELL = 'http://localhost:8080';

describe('service worker routing', () => {
  it('takes the remotes’ origins from /remotes.json, never the shell’s own or a non-http address', () => {
    const origins = remoteOriginsOf(
      {
        mf_card: 'http://localhost:8081/mf-manifest.json',
        mf_pool: 'https://pool.cdn.example/v2/mf-manifest.json',
        mf_self: '/local/mf-manifest.json',
        mf_odd: 'javascript:alert(1)',
        mf_num: 3,
      },
      SHELL,
    );
    expect([...origins]).toEqual(['http://localhost:8081', 'https://pool.cdn.example']);
    expect(remoteOriginsOf(null, SHELL).size).toBe(0);
    expect(remoteOriginsOf('x', SHELL).size).toBe(0);
  });

  it('caches hashed remote chunks cache-first and the build documents network-first', () => {
    const kind = (url: string) => remoteFileKind(new URL(url));
    expect(kind('http://localhost:8081/1390.2ffe664f.js')).toBe('chunk');
    expect(kind('http://localhost:8081/card-locale-en.0123abcd.js')).toBe('chunk');
    expect(kind('http://localhost:8081/remoteEntry.js')).toBe('document');
    expect(kind('http://localhost:8081/mf-manifest.json')).toBe('document');
    // Not a remote's file: left to the network.
    expect(kind('http://localhost:8081/embed.js')).toBeNull();
    expect(kind('http://localhost:8081/index.html')).toBeNull();
    expect(kind('https://js.stripe.com/v3/')).toBeNull();
  });

  it('answers page routes with the shell, but not the api’s own pages', () => {
    const page = (path: string) => isShellNavigation(new URL(path, SHELL));
    expect(page('/2/89880000000000000001')).toBe(true);
    expect(page('/eshop/card/list')).toBe(true);
    expect(page('/')).toBe(true);
    expect(page('/eshop/docs')).toBe(false);
    expect(page('/eshop/docs/static/index.html')).toBe(false);
    expect(page('/eshop/pay/sandbox/abc')).toBe(false);
    expect(page('/eshop/alerts/unsubscribe/Zx3v0Q9k2LmN4pQrStUvWx')).toBe(false);
    expect(page('/eshop/pay/methods/remove/Zx3v0Q9k2LmN4pQrStUvWx')).toBe(false);
    expect(page('/eshop/health')).toBe(false);
  });

  it('asks the new worker to cache the remotes map and the remote files the first visit loaded, nothing else', () => {
    const urls = urlsToWarm(
      [
        { name: `${SHELL}/main.0123abcd.js`, initiatorType: 'script' },
        { name: `${SHELL}/remotes.json`, initiatorType: 'fetch' },
        { name: `${SHELL}/eshop/get/card`, initiatorType: 'fetch' },
        { name: 'http://localhost:8081/mf-manifest.json', initiatorType: 'fetch' },
        { name: 'http://localhost:8081/remoteEntry.js', initiatorType: 'script' },
        { name: 'http://localhost:8081/1390.2ffe664f.js', initiatorType: 'script' },
        { name: 'http://localhost:8081/1390.2ffe664f.js', initiatorType: 'script' },
        { name: 'data:image/png;base64,AAAA', initiatorType: 'img' },
        { name: 'https://images.example/banner.png', initiatorType: 'img' },
      ],
      SHELL,
    );
    expect(urls).toEqual([
      `${SHELL}/remotes.json`,
      'http://localhost:8081/mf-manifest.json',
      'http://localhost:8081/remoteEntry.js',
      'http://localhost:8081/1390.2ffe664f.js',
    ]);
  });
});

describe('the remotes map in a page', () => {
  it('is read from the data block the shell host writes, and nothing else', () => {
    const map = { mf_card: 'http://c.test/mf-manifest.json' };
    const page = `<html><head><script type="application/json" id="remotes-map">${JSON.stringify(map)}</script></head></html>`;
    expect(remotesMapInPage(page)).toEqual(map);
    expect(remotesMapInPage('<html><head></head></html>')).toBeNull();
    expect(remotesMapInPage('<script type="application/json" id="remotes-map">{broken</script>')).toBeNull();
  });
});
