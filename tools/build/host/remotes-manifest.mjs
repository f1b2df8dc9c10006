// @ts-check
// Contracts of the shell host shared by the site host (cli.mjs), the shell's webpack dev server and the remotes'
// builds (webpack/integrity.mjs).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { isProduction } from './security.mjs';

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
// provider's hosted pay page, the alert mails' unsubscribe page and the renewal mails' page that removes a visitor's
// saved payment method; every other GET is a page of the SPA (for example /eshop/card/list): index.html.
const API_DOCUMENTS =
  /^\/eshop\/(docs(\/|$)|openapi\.json$|health$|pay\/sandbox\/|alerts\/unsubscribe\/|pay\/methods\/remove\/)/;

/** @param {string} method @param {string} pathname */
export function isApiRequest(method, pathname) {
  if (!pathname.startsWith('/eshop/') && pathname !== '/eshop') return false;
  if (method !== 'GET' && method !== 'HEAD') return true;
  return API_DOCUMENTS.test(pathname);
}

// ---- Remote integrity (ARCHITECTURE: remote code is pinned).
// Each remote's build writes mf-integrity.json beside its manifest: every script and mf-manifest.json -> its SRI hash,
// and the manifest itself names its scripts' hashes (webpack/integrity.mjs). The shell host pins them at deploy:
// from REMOTES_LOCK_FILE when the deploy writes one, else by reading each remote's mf-integrity.json when the host
// starts (retried until the remote answers; read again on SIGHUP). Pins never come from a remote at page time.
// The remotes map then carries, per remote, its manifest's pinned hash (`integrity.manifests`): the shell checks the
// manifest against it (SubtleCrypto) and every script against the manifest's hashes (`integrity` attributes), and
// refuses a remote with no pin or a file that does not match; its fallback shows.

/** Beside each remote's mf-manifest.json: file -> SRI hash of everything a page may load from it. */
export const INTEGRITY_FILE = 'mf-integrity.json';
/** The file of the list whose hash the remotes map carries: the shell checks every other file through it. */
export const MANIFEST_FILE = 'mf-manifest.json';

/**
 * The Subresource Integrity string of some bytes (sha384, the hash the remotes' builds publish).
 * @param {Buffer | string} bytes @returns {string}
 */
export function integrityOf(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

const SRI = /^sha384-[A-Za-z0-9+/]{64}$/;
/** A file beside the manifest (or under it): no address of its own, no way up, nothing a URL would read otherwise. */
const FILE_NAME = /^(?!\/)[^\s:?#\\%]+$/;

/**
 * REMOTE_INTEGRITY: `required` (the default: a remote without pins, or with a file that does not match, is refused)
 * or `off` (development: remotes rebuilt all the time, nothing pinned). Production (see isProduction) refuses off.
 * @param {NodeJS.ProcessEnv} env @returns {'required' | 'off'}
 */
export function remoteIntegrityMode(env = process.env) {
  const value = (env.REMOTE_INTEGRITY || 'required').trim().toLowerCase();
  if (value !== 'required' && value !== 'off') {
    throw new Error(`REMOTE_INTEGRITY must be "required" or "off", not "${value}"`);
  }
  if (value === 'off' && isProduction(env)) {
    throw new Error(
      'REMOTE_INTEGRITY=off is refused in production (NODE_ENV unset or not development/test): remote code must be pinned',
    );
  }
  return value;
}

/**
 * The pins a production shell host starts with: the deploy's REMOTES_LOCK_FILE, required. Read from the remotes at
 * start instead, a host restarted (or scaled out) after a remote's files were changed would pin the changed code,
 * list and all. Elsewhere the lock file is optional (the remotes' own lists are read).
 * @param {NodeJS.ProcessEnv} env @returns {string | undefined}
 */
export function remotesLockFile(env = process.env) {
  const file = (env.REMOTES_LOCK_FILE ?? '').trim() || undefined;
  if (!file && isProduction(env) && remoteIntegrityMode(env) === 'required') {
    throw new Error(
      'a production shell host needs REMOTES_LOCK_FILE: the pins written at deploy (GET /remotes.lock.json of a host ' +
        'started on the release, saved beside it); NODE_ENV=development reads them from the remotes instead',
    );
  }
  return file;
}

/**
 * A remote's published list (mf-integrity.json, or its entry in a lock file) as file -> SRI hash; null when it is
 * not one (a file name or hash out of shape, or no hash of the manifest, the file everything is checked through).
 * @param {unknown} list @returns {Record<string, string> | null}
 */
export function integrityFilesOf(list) {
  const files = /** @type {{ files?: unknown }} */ (list)?.files;
  if (typeof files !== 'object' || files === null || Array.isArray(files)) return null;
  /** @type {Record<string, string>} */
  const checked = {};
  for (const [file, integrity] of Object.entries(files)) {
    if (!FILE_NAME.test(file) || file.split('/').includes('..') || typeof integrity !== 'string') return null;
    if (!SRI.test(integrity)) return null;
    checked[file] = integrity;
  }
  return checked[MANIFEST_FILE] ? checked : null;
}

/** Where a remote's mf-integrity.json is: beside its manifest. @param {string} manifestUrl */
export const integrityUrlOf = (manifestUrl) => new URL(INTEGRITY_FILE, manifestUrl).href;

/** How long requests made just after the host started wait for the pins (the remotes may start alongside). */
export const PIN_START_WAIT_MS = 10_000;
/** A remote that did not answer is asked again every 250 ms through the start wait, then less and less often. */
const RETRY_MS = 250;
const RETRY_FAST_TRIES = PIN_START_WAIT_MS / RETRY_MS;
const RETRY_MAX_MS = 30_000;
const retryDelay = (/** @type {number} */ tries) =>
  tries < RETRY_FAST_TRIES ? RETRY_MS : Math.min(RETRY_MS * 2 ** (tries - RETRY_FAST_TRIES + 1), RETRY_MAX_MS);

/**
 * @typedef {object} RemotePins
 * @property {'required' | 'off'} mode
 * @property {Promise<void>} ready  settles once every remote is pinned, or PIN_START_WAIT_MS after the start
 * @property {(remote: string) => Record<string, string> | null} filesOf  the remote's pinned files (null: none)
 * @property {(remote: string, file: string, body: Buffer) => boolean} verify  the file matches its pin (off: true)
 * @property {() => Record<string, unknown>} map  the remotes map (/remotes.json, the page's map) with the pins
 * @property {() => { mode: string, remotes: Record<string, { manifest: string, files: Record<string, string> }> }} lock
 *   everything pinned (/remotes.lock.json: a REMOTES_LOCK_FILE in the same shape)
 * @property {() => Promise<void>} reload  pins again (a deploy: the lock file read again, or the remotes' lists)
 * @property {() => void} stop  no more retries
 */

/**
 * The pins of the remotes' code for the shell host.
 * @param {{ remotes: Record<string, string>, mode: 'required' | 'off', lockFile?: string,
 *   fetchJson?: (url: string) => Promise<unknown>, log?: (message: string) => void, startWaitMs?: number }} o
 * @returns {RemotePins}
 */
export function remotePins(o) {
  const log = o.log ?? ((message) => console.warn(`[host] ${message}`));
  const fetchJson = o.fetchJson ?? defaultFetchJson;
  /** @type {Map<string, Record<string, string>>} */
  const pinned = new Map();
  /** @type {Set<ReturnType<typeof setTimeout>>} */
  const timers = new Set();
  let stopped = false;
  let round = 0;

  const later = (/** @type {() => void} */ run, /** @type {number} */ ms) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timer.unref?.();
    timers.add(timer);
  };

  /** Reads one remote's list until it answers (a newer round, or stop, ends the tries). */
  const pinFromRemote = (/** @type {string} */ name, /** @type {number} */ current) =>
    new Promise((resolve) => {
      const url = integrityUrlOf(/** @type {string} */ (o.remotes[name]));
      const attempt = (/** @type {number} */ tries) => {
        if (stopped || current !== round) return resolve(undefined);
        fetchJson(url).then(
          (list) => {
            const files = integrityFilesOf(list);
            if (!files) throw new Error(`${url} is not an integrity list`);
            pinned.set(name, files);
            resolve(undefined);
          },
          (/** @type {unknown} */ error) => {
            if (tries % RETRY_FAST_TRIES === 0) log(`${name} not pinned yet (${String(error)}), trying again`);
            later(() => attempt(tries + 1), retryDelay(tries));
          },
        );
      };
      attempt(0);
    });

  const pinFromLockFile = (/** @type {string} */ file) => {
    let lock;
    try {
      lock = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`REMOTES_LOCK_FILE ${file} cannot be read: ${String(error)}`);
    }
    const remotes = lock?.remotes ?? lock;
    pinned.clear();
    for (const name of Object.keys(o.remotes)) {
      const files = integrityFilesOf(remotes?.[name]);
      if (files) pinned.set(name, files);
      else log(`${name} has no pins in ${file}: it is refused`);
    }
  };

  const pin = () => {
    round += 1;
    if (o.mode === 'off') return Promise.resolve();
    if (o.lockFile) {
      pinFromLockFile(o.lockFile);
      return Promise.resolve();
    }
    const current = round;
    return Promise.all(Object.keys(o.remotes).map((name) => pinFromRemote(name, current))).then(() => undefined);
  };

  const all = pin();
  const ready = Promise.race([
    all,
    new Promise((resolve) => later(() => resolve(undefined), o.startWaitMs ?? PIN_START_WAIT_MS)),
  ]).then(() => undefined);

  return {
    mode: o.mode,
    ready,
    filesOf: (remote) => (Object.hasOwn(o.remotes, remote) ? (pinned.get(remote) ?? null) : null),
    verify(remote, file, body) {
      if (o.mode === 'off') return true;
      const expected = pinned.get(remote)?.[file];
      return Boolean(expected) && expected === integrityOf(body);
    },
    map() {
      if (o.mode === 'off') return { ...o.remotes, integrity: { mode: 'off' } };
      /** @type {Record<string, string>} */
      const manifests = {};
      for (const [name, files] of pinned) manifests[name] = /** @type {string} */ (files[MANIFEST_FILE]);
      return { ...o.remotes, integrity: { mode: o.mode, manifests } };
    },
    lock() {
      /** @type {Record<string, { manifest: string, files: Record<string, string> }>} */
      const remotes = {};
      for (const [name, files] of pinned) remotes[name] = { manifest: /** @type {string} */ (o.remotes[name]), files };
      return { mode: o.mode, remotes };
    },
    async reload() {
      await pin();
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/**
 * The remotes map of a host that pins nothing (the webpack dev server: remotes rebuilt on every change).
 * @param {Record<string, string>} remotes
 */
export const unpinnedRemotesMap = (remotes) => ({ ...remotes, integrity: { mode: 'off' } });

/**
 * The shell host's documents about its remotes, answered once the pins are read (at most PIN_START_WAIT_MS after
 * the start): /remotes.json (name -> manifest URL, as shells built earlier read it, plus `integrity`) and
 * /remotes.lock.json (every pinned file).
 * @param {RemotePins} pins @returns {Record<string, () => Promise<unknown>>}
 */
export function pinnedDocuments(pins) {
  return {
    '/remotes.json': async () => {
      await pins.ready;
      return pins.map();
    },
    '/remotes.lock.json': async () => {
      await pins.ready;
      return pins.lock();
    },
  };
}

/** @param {string} url */
async function defaultFetchJson(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000), headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}
