// @ts-check
// The shell's document made at request time: the host knows the route, so the first HTML carries the remotes map
// (the shell reads it instead of fetching /remotes.json) and preloads what the route's first view needs, which the
// browser would otherwise find one round trip after another (shell strings, then the remote's manifest, its
// remoteEntry.js, its route chunk, its strings):
//   - the shell's strings of the language (common + shell namespaces, chunks named *-locale-<lang>-json.*.js);
//   - the owning remote's mf-manifest.json (as the federation runtime fetches it: cors, no credentials), its
//     remoteEntry.js, its './routes' expose chunk and its strings of the language, all named in that manifest
//     (@esim/build keeps named chunks' names in their files: __federation_expose_routes.<hash>.js).
// The owning remote's early script (its manifest's earlyCalls, mf_card's dist/early-calls.<hash>.js) comes first, async,
// told the route the address matched: it asks the route's first api calls while the page's code downloads. The host
// serves it, and the files it loads, from the page's own origin (EARLY_PATH, earlyFiles): on a phone the page's
// connection is open already, and a remote's origin would cost a new one (TCP and TLS) on the first view's path.
// A remote whose manifest cannot be read (down, slow) gets no preloads, one without asset lists (an old build) only
// its manifest's: the page still loads it the usual way.
// Remote code is pinned (remotes-manifest.mjs, `pins`): the page's map carries the pins, each remote script preload
// its pinned hash and crossorigin (as the shell's runtime loads it, so the preload is the one used), a remote with no
// pins nothing, and an early file is served only when its bytes match its pin.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';

const require = createRequire(import.meta.url);

/** How long a remote's manifest is trusted before it is read again (a new build of a remote is live this soon). */
export const MANIFEST_TTL_MS = 2_000;
/** A request never waits longer than this for a manifest the host does not have yet. */
export const MANIFEST_WAIT_MS = 300;

/**
 * @typedef {{ path: string, owner: string, ownerByQuery?: { param: string, owner: string } }} RouteEntry
 * @typedef {{ js?: { sync?: string[], async?: string[] } }} Assets
 * @typedef {{ metaData?: { publicPath?: string, remoteEntry?: { name?: string, path?: string } },
 *   exposes?: Array<{ path?: string, name?: string, assets?: Assets }>, earlyCalls?: { name?: string, views?: string[], files?: string[] },
 *   firstView?: Record<string, { js?: string[], byLanguage?: Record<string, string[]> }> }} RemoteManifest
 */

/**
 * The event an early script dispatches on window once its first view is painted, or once it knows it draws none
 * (early-view.json, `@esim/build/early-view.json`: the one definition the remotes' early scripts import too).
 */
export const EARLY_VIEW_EVENT = require('./early-view.json').event;
/** How long the shell's entry waits for an early view before it runs anyway. */
export const EARLY_VIEW_WAIT_MS = 800;

/**
 * On a route whose early script draws a first view (its manifest's earlyCalls.views), the shell's entry is asked for
 * and run only after that view is painted: the cardholder's data comes first, on the network as on the main thread.
 * Until then the early script and its api calls have the phone's connection to themselves (measured: preloading the
 * entry's files at once, they shared it with the early script, and Lighthouse's simulated LCP paid for their bytes,
 * 1.2x to 1.35x the single bundle's), and evaluating the entry cannot delay the view. This inline script (its hash is
 * in the shell host's Content-Security-Policy: START_SCRIPT_HASH) adds the entry's script tags on EARLY_VIEW_EVENT,
 * when the early script fails to load, or after EARLY_VIEW_WAIT_MS, whichever comes first, and preloads the route's
 * other files then (data-preload): the remote's files, which the entry's first render needs next.
 */
export const START_SCRIPT =
  '(()=>{const s=document.currentScript;let done=false;' +
  'const add=()=>{for(const[h,a,c,i]of JSON.parse(s.dataset.preload||"[]")){const l=document.createElement("link");' +
  'l.rel="preload";l.href=h;l.setAttribute("as",a);if(c)l.setAttribute("crossorigin",c);' +
  'if(i)l.setAttribute("integrity",i);document.head.append(l)}' +
  'for(const u of s.dataset.main.split(" ")){const m=document.createElement("script");m.src=u;' +
  'm.setAttribute("fetchpriority","high");document.head.append(m)}};' +
  // The entry renders into the page's body: never before the document is parsed (a deferred script's rule).
  'const go=()=>{if(done)return;done=true;' +
  'if(document.readyState==="loading")addEventListener("DOMContentLoaded",add);else add()};' +
  `addEventListener("${EARLY_VIEW_EVENT}",go);` +
  // A script's load error does not bubble; it reaches window's capture listeners.
  'addEventListener("error",(e)=>{if(e.target instanceof HTMLScriptElement&&e.target.dataset.route!==undefined)go()},true);' +
  `setTimeout(go,${EARLY_VIEW_WAIT_MS})})()`;
/** The CSP source allowing START_SCRIPT, and no other inline script. */
export const START_SCRIPT_HASH = `'sha256-${createHash('sha256').update(START_SCRIPT).digest('base64')}'`;

/** A file the page will need: [href, as, crossorigin, integrity]. @typedef {[string, string, string?, string?]} Preload */

/**
 * `html` with its deferred entry scripts (every `<script defer ... src=...>`: the shell's entry is a few files) held
 * for the early view: taken out, and START_SCRIPT just before the early script (`<script ... data-route=...>`), so it
 * listens before that script can run or fail; START_SCRIPT adds the entry's scripts (data-main, space-separated) and
 * preloads `later` when it runs the entry. Unchanged without both kinds of script.
 * @param {string} html @param {Preload[]} [later]
 */
export function holdEntryForEarlyView(html, later = []) {
  const entries = [...html.matchAll(/<script\b(?=[^>]*\bdefer\b)[^>]*\bsrc="?([^"\s>]+)"?[^>]*><\/script>/g)];
  const early = /<script\b[^>]*\bdata-route=/.exec(html);
  if (entries.length === 0 || !early) return html;
  const sources = entries.map((entry) => escapeAttribute(entry[1]));
  const files = later.length > 0 ? ` data-preload="${escapeAttribute(JSON.stringify(later))}"` : '';
  const start = `<script data-main="${sources.join(' ')}"${files}>${START_SCRIPT}</script>`;
  let held = html.replace(early[0], `${start}${early[0]}`);
  for (const entry of entries) held = held.replace(entry[0], '');
  return held;
}

/** Route ranking as react-router's: more segments first, static segments outrank dynamic ones. */
const segmentsOf = (/** @type {string} */ p) => p.split('/').filter(Boolean);

/**
 * The table entry answering `pathname` and the remote that owns it for this query; null when none.
 * @param {readonly RouteEntry[]} table @param {string} pathname @param {URLSearchParams} search
 * @returns {{ entry: RouteEntry, owner: string } | null}
 */
export function routeFor(table, pathname, search) {
  const wanted = segmentsOf(pathname);
  let best = /** @type {{ entry: RouteEntry, score: number } | null} */ (null);
  for (const entry of table) {
    const segments = segmentsOf(entry.path);
    if (segments.length !== wanted.length) continue;
    let score = 0;
    let matches = true;
    for (const [index, segment] of segments.entries()) {
      if (segment.startsWith(':')) score += 3;
      else if (segment === wanted[index]) score += 10;
      else {
        matches = false;
        break;
      }
    }
    if (matches && (!best || score > best.score)) best = { entry, score };
  }
  if (!best) return null;
  const { entry } = best;
  const owner = entry.ownerByQuery && search.has(entry.ownerByQuery.param) ? entry.ownerByQuery.owner : entry.owner;
  return { entry, owner };
}

/** The language the page will most likely show: the site's ?lan= parameter, else the browser's first supported one, else English. */
export function languageFor(/** @type {URLSearchParams} */ search, acceptLanguage = '', supported = new Set(['en'])) {
  const pick = (/** @type {string} */ value) => {
    const code = value.trim().toLowerCase().split(/[-_;]/)[0] ?? '';
    return supported.has(code) ? code : null;
  };
  const asked = search.get('lan');
  if (asked && pick(asked)) return pick(asked);
  for (const part of acceptLanguage.split(',')) {
    const code = pick(part);
    if (code) return code;
  }
  return 'en';
}

/**
 * A remote's manifest, read at most once per MANIFEST_TTL_MS; a request waits at most MANIFEST_WAIT_MS for a read,
 * and gets null (no preloads) when the read fails or is late.
 */
export function manifestCache(fetchJson = defaultFetchJson, now = Date.now) {
  /** @type {Map<string, { at: number, value: RemoteManifest | null, pending?: Promise<void> }>} */
  const cache = new Map();
  const refresh = (/** @type {string} */ url) => {
    const entry = cache.get(url) ?? { at: 0, value: null };
    if (entry.pending) return entry.pending;
    entry.pending = fetchJson(url).then(
      (value) => {
        cache.set(url, { at: now(), value: /** @type {RemoteManifest} */ (value) });
      },
      () => {
        // Unreadable: no preloads until it answers again (asked again on the next request).
        cache.set(url, { at: 0, value: null });
      },
    );
    cache.set(url, entry);
    return entry.pending;
  };
  return {
    /** @param {string} url @returns {Promise<RemoteManifest | null>} */
    async get(url) {
      const entry = cache.get(url);
      if (entry && now() - entry.at < MANIFEST_TTL_MS) return entry.value;
      // Older: read again, and use only what that read says. A copy from before could name the files of a remote
      // that has since gone down, and a failed preload of a script poisons the shell's later Retry of it.
      const pending = refresh(url);
      let timer;
      const late = new Promise((resolve) => {
        timer = setTimeout(resolve, MANIFEST_WAIT_MS);
      });
      const read = await Promise.race([pending.then(() => true), late.then(() => false)]);
      clearTimeout(timer);
      return read ? (cache.get(url)?.value ?? null) : null;
    },
    /** Reads every manifest now (host start), so the first page already has them. */
    warm(/** @type {string[]} */ urls) {
      for (const url of urls) void refresh(url);
    },
  };
}

/** @param {string} url */
async function defaultFetchJson(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000), headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

const escapeAttribute = (/** @type {string} */ value) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
// JSON inside <script type="application/json">: no "</script>" or "<!--" can end it early.
const scriptJson = (/** @type {unknown} */ value) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The files of a remote the route's first view needs, as absolute URLs: [manifest, remoteEntry, expose chunk,
 * strings chunk, the route's first-screen chunks (firstView)] and its early script; the manifest alone when it does
 * not name its files, nothing when it could not be read.
 * @param {string} manifestUrl @param {RemoteManifest | null} manifest @param {string} lang
 * @param {string} [route] the route table's path the address matched
 */
export function remoteFirstView(manifestUrl, manifest, lang, route = '', expose = './routes') {
  // Unreadable (the remote is down: a failed preload would only stand in the way of the shell's Retry), or an old
  // build without asset lists (its manifest alone).
  if (!manifest) return { fetch: [], scripts: [], early: null, earlyView: false };
  if (!manifest.metaData?.remoteEntry?.name)
    return { fetch: [manifestUrl], scripts: [], early: null, earlyView: false };
  const { remoteEntry } = manifest.metaData;
  const base = remoteBase(manifestUrl, manifest);
  const at = (/** @type {string} */ file) => new URL(file, base).href;
  const entryFile = `${remoteEntry.path ? `${remoteEntry.path.replace(/\/$/, '')}/` : ''}${remoteEntry.name}`;
  const exposed = manifest.exposes?.find((item) => item.path === expose || `./${item.name}` === expose);
  const exposeName = expose.replace(/^\.\//, '');
  const sync = exposed?.assets?.js?.sync ?? [];
  const lazy = exposed?.assets?.js?.async ?? [];
  const own = sync.filter((file) => path.basename(file).startsWith(`__federation_expose_${exposeName}.`));
  const strings = lazy.filter((file) => new RegExp(`-locale-${lang}-json\\.[0-9a-f]+\\.js$`).test(file));
  const early = manifest.earlyCalls?.name ? at(manifest.earlyCalls.name) : null;
  // Its early script draws the route's first view (the card page's summary): the shell's entry waits for it.
  const earlyView = Boolean(early && route && manifest.earlyCalls?.views?.includes(route));
  // What the route's first screen loads besides the route chunk, as the remote names it (its manifest's firstView).
  const view = manifest.firstView?.[route];
  const screen = [...(view?.js ?? []), ...(view?.byLanguage?.[lang] ?? [])];
  return {
    fetch: [manifestUrl],
    scripts: [entryFile, ...own, ...strings.slice(0, 1), ...screen].map(at),
    early,
    earlyView,
  };
}

/** Where a remote's files are: its manifest's publicPath, or beside the manifest ('auto'). */
function remoteBase(/** @type {string} */ manifestUrl, /** @type {RemoteManifest} */ manifest) {
  const publicPath = manifest.metaData?.publicPath ?? 'auto';
  return publicPath === 'auto' ? new URL('.', manifestUrl) : new URL(publicPath, manifestUrl);
}

/**
 * A remote's pinned files by address (file name -> hash, as pinned at deploy, resolved where the remote's files are).
 * @param {string} manifestUrl @param {RemoteManifest | null} manifest @param {Record<string, string>} files
 * @returns {Map<string, string>}
 */
export function pinnedAddresses(manifestUrl, manifest, files) {
  const base = manifest ? remoteBase(manifestUrl, manifest) : new URL('.', manifestUrl);
  return new Map(Object.entries(files).map(([file, integrity]) => [new URL(file, base).href, integrity]));
}

/** The page's own address of a remote's early file (served by earlyFiles). */
export const EARLY_PATH = '/_early';
/** How many early files the host keeps (a few per remote and deployment). */
const EARLY_FILES_KEPT = 32;
/** How long the host waits for a remote to answer one of its early files. */
const EARLY_FETCH_TIMEOUT_MS = 5_000;

/**
 * A remote's early script and the chunks it loads (its manifest's earlyCalls.files; an older manifest: the script
 * alone), served from the page's origin under EARLY_PATH/<remote>/<file>: fetched from the remote once, kept in
 * memory with their brotli and gzip forms (hashed names: a file never changes). A name the remote's manifest does
 * not list, or a remote that does not answer, is not found (the page's start script then runs the shell's entry).
 * With `pins` (pinning on), a file is served only when its bytes match the hash pinned for it at deploy.
 * @param {{ remotes: () => Record<string, string>, manifests: ReturnType<typeof manifestCache>,
 *   fetchFile?: (url: string) => Promise<Buffer>, pins?: import('./remotes-manifest.mjs').RemotePins }} o
 */
export function earlyFiles(o) {
  const fetchFile = o.fetchFile ?? defaultFetchFile;
  /** @type {Map<string, Promise<EarlyFile | null>>} */
  const kept = new Map();
  const load = (/** @type {string} */ url) => {
    const existing = kept.get(url);
    if (existing) return existing;
    const loading = fetchFile(url).then(
      (body) => ({
        body,
        br: zlib.brotliCompressSync(body),
        gzip: zlib.gzipSync(body),
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`,
      }),
      () => {
        kept.delete(url);
        return null;
      },
    );
    kept.set(url, loading);
    while (kept.size > EARLY_FILES_KEPT) kept.delete(kept.keys().next().value ?? '');
    return loading;
  };
  /** The remote's address of one of its early files; null when its manifest does not list it. */
  const addressOf = async (/** @type {string} */ remote, /** @type {string} */ file) => {
    const manifestUrl = Object.hasOwn(o.remotes(), remote) ? o.remotes()[remote] : undefined;
    if (!manifestUrl || !/^[\w.-]+\.js$/.test(file)) return null;
    const manifest = await o.manifests.get(manifestUrl);
    const early = manifest?.earlyCalls;
    if (!manifest || !early?.name) return null;
    const listed = early.files ?? [early.name];
    return listed.includes(file) ? new URL(file, remoteBase(manifestUrl, manifest)).href : null;
  };
  return {
    /** @param {string} remote @param {string} file @returns {Promise<EarlyFile | null>} */
    async get(remote, file) {
      const url = await addressOf(remote, file);
      const found = url ? await load(url) : null;
      if (found && o.pins && !o.pins.verify(remote, file, found.body)) {
        // Not the deploy's file (changed on the remote's origin, or never pinned): refused, and read again next time.
        kept.delete(/** @type {string} */ (url));
        console.warn(`[host] ${remote}/${file} does not match its pinned hash: refused`);
        return null;
      }
      return found;
    },
    /** Fetches a remote's early files ahead of the first page that names them. */
    warm(/** @type {string} */ manifestUrl, /** @type {RemoteManifest} */ manifest) {
      const early = manifest.earlyCalls;
      if (!early?.name) return;
      for (const file of early.files ?? [early.name]) void load(new URL(file, remoteBase(manifestUrl, manifest)).href);
    },
  };
}

/** @typedef {{ body: Buffer, br: Buffer, gzip: Buffer, etag: string }} EarlyFile */

/** @param {string} url */
async function defaultFetchFile(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(EARLY_FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/**
 * The shell's page for a request: index.html with the remotes map and the route's preloads before </head>.
 * `early`: the host serves the remotes' early files itself (earlyFiles, on the same manifests): the page names the
 * early script at its EARLY_PATH address; without it, at the remote's.
 * `pins` (remotes-manifest.mjs remotePins): the page's map is the pinned one, and remote preloads carry their hashes.
 * @param {{ root: string, remotes: () => Record<string, string>, table: readonly RouteEntry[],
 *   manifests?: ReturnType<typeof manifestCache>, early?: ReturnType<typeof earlyFiles>,
 *   pins?: import('./remotes-manifest.mjs').RemotePins, noEarly?: boolean }} o
 */
export function firstViewPage(o) {
  const source = fs.readFileSync(path.join(o.root, 'index.html'), 'utf8');
  const files = fs.readdirSync(o.root);
  // The shell's own strings per language: common-locale-<lang>-json.<hash>.js, shell-locale-<lang>-json.<hash>.js.
  /** @type {Map<string, string[]>} */
  const shellStrings = new Map();
  for (const file of files) {
    const match = /^(?:common|shell)-locale-([a-z]+)-json\.[0-9a-f]+\.js$/.exec(file);
    if (!match?.[1]) continue;
    shellStrings.set(match[1], [...(shellStrings.get(match[1]) ?? []), `/${file}`]);
  }
  const supported = new Set(shellStrings.keys());
  const manifests = o.manifests ?? manifestCache();
  manifests.warm(Object.values(o.remotes()));
  // The early files too, so the first visitor's early script is not the one that waits for the remote.
  const early = o.early;
  if (early) {
    for (const url of Object.values(o.remotes())) void manifests.get(url).then((read) => read && early.warm(url, read));
  }

  const pins = o.pins?.mode === 'required' ? o.pins : undefined;

  /** @param {{ url: string, headers: Record<string, string | string[] | undefined> }} request */
  return async (request) => {
    // Just after the host started, the pins may still be on their way (remotePins: a bounded wait).
    if (o.pins) await o.pins.ready;
    const [pathname = '/', query = ''] = request.url.split('?');
    const search = new URLSearchParams(query);
    const remotes = o.remotes();
    const lang = languageFor(search, String(request.headers['accept-language'] ?? ''), supported);
    /** @type {Preload[]} */
    const preloads = (shellStrings.get(lang) ?? []).map((href) => [href, 'script']);
    /** @type {string[]} */
    const links = [];
    let decoded = pathname;
    try {
      decoded = decodeURI(pathname);
    } catch {
      // Not a valid address: matched as it came.
    }
    const route = routeFor(o.table, decoded, search);
    const manifestUrl = route ? remotes[route.owner] : undefined;
    let held = false;
    // Pinning on, a remote with no pins is refused by the shell: nothing of it is asked for.
    const files = pins && route ? pins.filesOf(route.owner) : undefined;
    if (route && manifestUrl && files !== null) {
      const manifest = await manifests.get(manifestUrl);
      const view = remoteFirstView(manifestUrl, manifest, lang, route.entry.path);
      const { fetch: fetched, scripts } = view;
      // The hashes the shell's runtime will give these scripts; a file without one would be refused: not preloaded.
      const pinned = files ? pinnedAddresses(manifestUrl, manifest, files) : null;
      // noEarly: the page is rendered on the server (ssr.mjs): no early script, nothing held for its view.
      held = view.earlyView && !o.noEarly;
      let early = o.noEarly ? null : view.early;
      /** @type {string | undefined} */
      let earlyIntegrity;
      if (early && manifest?.earlyCalls?.name && o.early) {
        o.early.warm(manifestUrl, manifest);
        early = `${EARLY_PATH}/${encodeURIComponent(route.owner)}/${manifest.earlyCalls.name}`;
      } else if (early && pinned) {
        // From the remote's origin: checked by the browser (the host checks what it serves itself).
        earlyIntegrity = pinned.get(early);
        if (!earlyIntegrity) early = null;
      }
      held = held && Boolean(early);
      // The remote's early script first: it asks the route's first api calls while the page's code downloads.
      if (early) links.unshift(earlyScript(early, route.entry.path, held, earlyIntegrity));
      preloads.push(...fetched.map((href) => /** @type {Preload} */ ([href, 'fetch', 'anonymous'])));
      for (const href of scripts) {
        if (!pinned) preloads.push([href, 'script']);
        else if (pinned.has(href)) preloads.push([href, 'script', 'anonymous', pinned.get(href)]);
      }
    }
    // Held for an early view: the entry and the route's other files are asked once that view is painted
    // (START_SCRIPT), so the early script and its calls do not share the first round of the network with them.
    if (!held)
      links.push(...preloads.map(([href, as, crossorigin, integrity]) => preload(href, as, crossorigin, integrity)));
    const map = o.pins ? o.pins.map() : remotes;
    const head = [`<script type="application/json" id="remotes-map">${scriptJson(map)}</script>`, ...links].join('');
    // The guessed language from the first byte (the boot header reads right to left in Arabic and Hebrew); the shell
    // sets both again once it knows the user's stored choice.
    const html = source.replace(/<html\b[^>]*>/, `<html lang="${lang}" dir="${directionOf(lang)}">`);
    const page = html.replace('</head>', `${head}</head>`);
    return held ? holdEntryForEarlyView(page, preloads) : page;
  };
}

/** 'rtl' or 'ltr', from the platform's own locale data. @param {string} lang */
function directionOf(lang) {
  const locale =
    /** @type {Intl.Locale & { getTextInfo?: () => { direction?: string }, textInfo?: { direction?: string } }} */ (
      new Intl.Locale(lang)
    );
  return (locale.getTextInfo?.() ?? locale.textInfo)?.direction === 'rtl' ? 'rtl' : 'ltr';
}

/**
 * @param {string} src @param {string} route the route table's path, which the script asks the first calls of
 * @param {boolean} alone the page asks nothing else before the early view (held): the script needs no priority over
 *   anything. Otherwise high priority: its calls must be on their way before the page's code arrives.
 * @param {string} [integrity] its pinned hash (a script from the remote's origin while pinning is on)
 */
function earlyScript(src, route, alone, integrity) {
  // An async script is a low-priority request, which Lighthouse does not count in the first paint: at high priority
  // it did whenever the script arrived before Chrome's first frame (the card list's FCP 1050 ms instead of 650).
  const priority = alone ? '' : ' fetchpriority="high"';
  const pinned = integrity ? ` crossorigin="anonymous" integrity="${escapeAttribute(integrity)}"` : '';
  return `<script async src="${escapeAttribute(src)}" data-route="${escapeAttribute(route)}"${priority}${pinned}></script>`;
}

/** @param {string} href @param {string} as @param {string} [crossorigin] @param {string} [integrity] */
function preload(href, as, crossorigin, integrity) {
  const cors = crossorigin ? ` crossorigin="${crossorigin}"` : '';
  const pinned = integrity ? ` integrity="${escapeAttribute(integrity)}"` : '';
  return `<link rel="preload" href="${escapeAttribute(href)}" as="${as}"${cors}${pinned}>`;
}
