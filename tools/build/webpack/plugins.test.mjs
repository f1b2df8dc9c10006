// @ts-check
import { ownExposeAssets, withFirstView } from './plugins.mjs';

describe("a remote's manifest", () => {
  it("lists under each expose its own expose chunk and the shared chunks, never the other exposes' chunks", () => {
    const manifest = ownExposeAssets({
      exposes: [
        {
          name: 'routes',
          assets: {
            js: {
              sync: ['__federation_expose_routes.1111.js', '__federation_expose_embed.2222.js', '8471.3333.js'],
              async: ['card-locale-en-json.4444.js'],
            },
            css: { sync: [], async: [] },
          },
        },
        {
          name: './embed',
          assets: { js: { sync: ['__federation_expose_routes.1111.js', '__federation_expose_embed.2222.js'] } },
        },
      ],
    });
    expect(manifest.exposes?.[0]?.assets?.js?.sync).toEqual(['__federation_expose_routes.1111.js', '8471.3333.js']);
    expect(manifest.exposes?.[0]?.assets?.js).toMatchObject({ async: ['card-locale-en-json.4444.js'] });
    expect(manifest.exposes?.[1]?.assets?.js?.sync).toEqual(['__federation_expose_embed.2222.js']);
  });
});

describe("a remote's first views in its manifest", () => {
  const groups = new Map([
    ['card-purchase', ['card-purchase.1111.js', '8471.2222.js']],
    ['card-activities', ['card-activities.3333.js', '8471.2222.js']],
    ['cardmore-strings-en-json', ['cardmore-strings-en-json.4444.js']],
    ['cardmore-strings-ar-json', ['cardmore-strings-ar-json.5555.js']],
  ]);

  it("lists each route's chunks once, and its strings per language", () => {
    const manifest = withFirstView(
      { name: 'mf_card' },
      { '/:flag/:iccid': ['card-purchase', 'card-activities', 'cardmore-strings-[lang]-json'] },
      groups,
    );
    expect(manifest).toEqual({
      name: 'mf_card',
      firstView: {
        '/:flag/:iccid': {
          js: ['card-purchase.1111.js', '8471.2222.js', 'card-activities.3333.js'],
          byLanguage: { en: ['cardmore-strings-en-json.4444.js'], ar: ['cardmore-strings-ar-json.5555.js'] },
        },
      },
    });
  });

  it('fails the build for a chunk name the build does not have (a renamed chunk is never silently dropped)', () => {
    expect(() => withFirstView({}, { '/pkg': ['pkg-records'] }, groups)).toThrow('no chunk named pkg-records');
    expect(() => withFirstView({}, { '/pkg': ['pkg-locale-[lang]-json'] }, groups)).toThrow('no chunk named');
  });
});
