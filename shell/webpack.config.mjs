import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPackageConfigs } from './webpack/mf-config.mjs';
import { isApiRequest, remotesManifest } from './scripts/remotes-manifest.mjs';

const dirname = path.dirname(fileURLToPath(import.meta.url));

export default createPackageConfigs({
  dirname: dirname,
  name: 'shell',
  port: Number(process.env.SHELL_PORT ?? 8080),
  title: 'eSIM Shop',
  devServer: {
    // Same contract as serve-static.mjs: /remotes.json from the environment, api requests under /eshop/.
    setupMiddlewares(middlewares, devServer) {
      devServer.app.get('/remotes.json', (_req, res) => {
        res.set('Cache-Control', 'no-cache');
        res.json(remotesManifest());
      });
      return middlewares;
    },
    proxy: [
      {
        context: (pathname, req) => isApiRequest(req.method, pathname),
        target: process.env.API_ORIGIN ?? 'http://127.0.0.1:3000',
      },
    ],
  },
});
