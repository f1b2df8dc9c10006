// @ts-check
import { SERVICE_WORKER, webAppManifest, WEB_MANIFEST } from './pwa.mjs';

describe('installable site', () => {
  it('describes the shop as a standalone app with any and maskable icons in the theme colours', () => {
    const manifest = webAppManifest({ title: 'eSIM Shop' });
    expect(manifest).toMatchObject({
      name: 'eSIM Shop',
      short_name: 'eSIM Shop',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#07C160',
      background_color: '#F5F6F8',
    });
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect(manifest.icons.every(({ src, type }) => src.startsWith('/icons/') && type === 'image/png')).toBe(true);
  });

  it('names the files the host serves without a hash (revalidated on every visit)', () => {
    expect([SERVICE_WORKER, WEB_MANIFEST]).toEqual(['sw.js', 'manifest.webmanifest']);
  });
});
