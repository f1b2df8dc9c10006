// @ts-check
import { ownExposeAssets } from './plugins.mjs';

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
