// @ts-check
// Contracts of the shell host shared by the site host (cli.mjs) and the shell's webpack dev server.

// The remotes manifest the shell fetches at start: federation name -> mf-manifest.json URL. Built from the
// environment at request time, so pointing the site at a new build of one remote needs no rebuild of anything.
/** @type {ReadonlyArray<readonly [name: string, variable: string, port: number]>} */
export const REMOTES = [
  ['mf_card', 'REMOTE_MF_CARD', 8081],
  ['mf_pool', 'REMOTE_MF_POOL', 8082],
  ['mf_esim', 'REMOTE_MF_ESIM', 8083],
  ['mf_account', 'REMOTE_MF_ACCOUNT', 8084],
  ['mf_checkout', 'REMOTE_MF_CHECKOUT', 8085],
];

/**
 * @param {NodeJS.ProcessEnv} env
 * @returns {Record<string, string>}
 */
export function remotesManifest(env = process.env) {
  return Object.fromEntries(
    REMOTES.map(([name, variable, port]) => [name, env[variable] || `http://localhost:${port}/mf-manifest.json`]),
  );
}

// Under /eshop/ the api answers every call (POST) and its own pages: its documents, the sandbox payment
// provider's hosted pay page and the alert mails' unsubscribe page; every other GET is a page of the SPA (for
// example /eshop/card/list): index.html.
const API_DOCUMENTS = /^\/eshop\/(docs(\/|$)|openapi\.json$|health$|pay\/sandbox\/|alerts\/unsubscribe\/)/;

/** @param {string} method @param {string} pathname */
export function isApiRequest(method, pathname) {
  if (!pathname.startsWith('/eshop/') && pathname !== '/eshop') return false;
  if (method !== 'GET' && method !== 'HEAD') return true;
  return API_DOCUMENTS.test(pathname);
}
