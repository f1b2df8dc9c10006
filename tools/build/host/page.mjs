// @ts-check
// The shell's page made at request time: the host knows the route, so the first HTML carries the remotes map
// (#remotes-map: the shell reads it instead of fetching /remotes.json), `<html lang dir>` of the language the page
// will most likely show, and preloads of what the route's first view needs, which the browser would otherwise find
// one round trip after another (shell strings, then the remote's manifest, its remoteEntry.js, its route chunk, its
// strings):
//   - the shell's strings of the language (common + shell namespaces, chunks named *-locale-<lang>-json.*.js);
//   - the owning remote's mf-manifest.json, its remoteEntry.js, its './routes' expose chunk, its strings of the
//     language and the route's first-screen chunks, all named in that manifest (manifests.mjs remoteFirstView).
// The shell's entry stays as the build wrote it (its deferred script tags). A remote whose manifest cannot be read
// (down, slow) gets no preloads, one without asset lists (an old build) only its manifest's: the page still loads it
// the usual way.
// Remote code is pinned (remotes-manifest.mjs, `pins`): the page's map carries the pins, each remote script preload
// its pinned hash and crossorigin (as the shell's runtime loads it, so the preload is the one used), and a remote
// with no pins nothing.
import fs from 'node:fs';
import path from 'node:path';

import { manifestCache, pinnedAddresses, remoteFirstView } from './manifests.mjs';
import { routeFor } from './routes.mjs';

/** A file the page will need: [href, as, crossorigin, integrity]. @typedef {[string, string, string?, string?]} Preload */

/** The language the page will most likely show: the site's ?lan= parameter, else the browser's first supported one, else English. */
export function languageFor(/** @type {URLSearchParams} */ search, acceptLanguage = '', supported = new Set(['en'])) {
  const pick = (/** @type {string} */ value) => {
    const code = value.trim().toLowerCase().split(/[-_;]/)[0] ?? '';
    return supported.has(code) ? code : null;
  };
  const asked = pick(search.get('lan') ?? '');
  if (asked) return asked;
  for (const part of acceptLanguage.split(',')) {
    const code = pick(part);
    if (code) return code;
  }
  return 'en';
}

/** 'rtl' or 'ltr', from the platform's own locale data. @param {string} lang */
export function directionOf(lang) {
  const locale =
    /** @type {Intl.Locale & { getTextInfo?: () => { direction?: string }, textInfo?: { direction?: string } }} */ (
      new Intl.Locale(lang)
    );
  return (locale.getTextInfo?.() ?? locale.textInfo)?.direction === 'rtl' ? 'rtl' : 'ltr';
}

const escapeAttribute = (/** @type {string} */ value) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON inside <script type="application/json">: no "</script>" or "<!--" can end it early. */
export const scriptJson = (/** @type {unknown} */ value) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** @param {Preload} file */
function preload([href, as, crossorigin, integrity]) {
  const cors = crossorigin ? ` crossorigin="${crossorigin}"` : '';
  const pinned = integrity ? ` integrity="${escapeAttribute(integrity)}"` : '';
  return `<link rel="preload" href="${escapeAttribute(href)}" as="${as}"${cors}${pinned}>`;
}

/** The shell build's document for server-rendered pages: index.html's, with no script tag (webpack/html.mjs). */
export const SERVER_PAGE = 'index.ssr.html';
/** The shell build's list of index.html's entry scripts, in order (webpack/html.mjs). */
export const ENTRY_SCRIPTS = 'entry-scripts.json';
/** The browser's side of a server-rendered page's code after its first paint (after-paint.js), read once. */
const AFTER_PAINT = fs
  .readFileSync(new URL('./after-paint.js', import.meta.url), 'utf8')
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('//'))
  .join('\n');

/**
 * The shell's page for a request: root's index.html with `<html lang dir>`, and the remotes map and the route's
 * preloads before </head>. With `codeAfterPaint` (a server-rendered page, whose HTML is its first view), the entry's
 * scripts and the preloads are instead listed in #page-code, and after-paint.js (inline, with the response's CSP
 * nonce) asks for them once the page has painted.
 * `table`: the shell's route table (route-table.json). `manifests`: the remotes' manifests (one cache per host).
 * `pins` (remotes-manifest.mjs remotePins): the page's map is the pinned one, and remote preloads carry their hashes.
 * @param {{ root: string, remotes: () => Record<string, string>, table: readonly import('./routes.mjs').RouteEntry[],
 *   manifests?: ReturnType<typeof manifestCache>, pins?: import('./remotes-manifest.mjs').RemotePins }} o
 * @returns {(request: { url: string, headers: Record<string, string | string[] | undefined> },
 *   options?: { codeAfterPaint?: { nonce: string } }) => Promise<string>}
 */
export function shellPage(o) {
  const source = fs.readFileSync(path.join(o.root, 'index.html'), 'utf8');
  // The shell's own strings per language: common-locale-<lang>-json.<hash>.js, shell-locale-<lang>-json.<hash>.js.
  /** @type {Map<string, string[]>} */
  const shellStrings = new Map();
  for (const file of fs.readdirSync(o.root)) {
    const match = /^(?:common|shell)-locale-([a-z]+)-json\.[0-9a-f]+\.js$/.exec(file);
    if (!match?.[1]) continue;
    shellStrings.set(match[1], [...(shellStrings.get(match[1]) ?? []), `/${file}`]);
  }
  const supported = new Set(shellStrings.keys());
  const manifests = o.manifests ?? manifestCache();
  manifests.warm(Object.values(o.remotes()));
  const pins = o.pins?.mode === 'required' ? o.pins : undefined;
  // A server-rendered page's document and its entry's scripts, as the build wrote them (an older build without them:
  // its server-rendered pages keep the deferred tags and the preloads).
  const serverFile = path.join(o.root, SERVER_PAGE);
  const listFile = path.join(o.root, ENTRY_SCRIPTS);
  const serverDocument =
    fs.existsSync(serverFile) && fs.existsSync(listFile)
      ? {
          source: fs.readFileSync(serverFile, 'utf8'),
          scripts: /** @type {string[]} */ (JSON.parse(fs.readFileSync(listFile, 'utf8'))),
        }
      : null;

  return async (request, options = {}) => {
    // Just after the host started, the pins may still be on their way (remotePins: a bounded wait).
    if (o.pins) await o.pins.ready;
    const [pathname = '/', query = ''] = request.url.split('?');
    const search = new URLSearchParams(query);
    const remotes = o.remotes();
    const lang = languageFor(search, String(request.headers['accept-language'] ?? ''), supported);
    /** @type {Preload[]} */
    const preloads = (shellStrings.get(lang) ?? []).map((href) => [href, 'script']);
    let decoded = pathname;
    try {
      decoded = decodeURI(pathname);
    } catch {
      // Not a valid address: matched as it came.
    }
    const route = routeFor(o.table, decoded, search);
    const manifestUrl = route ? remotes[route.owner] : undefined;
    // Pinning on, a remote with no pins is refused by the shell: nothing of it is asked for.
    const files = pins && route ? pins.filesOf(route.owner) : undefined;
    if (route && manifestUrl && files !== null) {
      const manifest = await manifests.get(manifestUrl);
      const { fetch: fetched, scripts } = remoteFirstView(manifestUrl, manifest, lang, route.entry.path);
      // The manifest as the shell's federation runtime fetches it: cors, no credentials.
      preloads.push(...fetched.map((href) => /** @type {Preload} */ ([href, 'fetch', 'anonymous'])));
      // The hashes the shell's runtime will give these scripts; a file without one would be refused: not preloaded.
      const pinned = files ? pinnedAddresses(manifestUrl, manifest, files) : null;
      for (const href of scripts) {
        if (!pinned) preloads.push([href, 'script']);
        else if (pinned.has(href)) preloads.push([href, 'script', 'anonymous', pinned.get(href)]);
      }
    }
    const map = o.pins ? o.pins.map() : remotes;
    const mapScript = `<script type="application/json" id="remotes-map">${scriptJson(map)}</script>`;
    // The guessed language from the first byte (the boot header reads right to left in Arabic and Hebrew); the shell
    // sets both again once it knows the user's stored choice.
    const htmlTag = `<html lang="${lang}" dir="${directionOf(lang)}">`;
    const after = options.codeAfterPaint;
    if (!after || !serverDocument) {
      return source
        .replace(/<html\b[^>]*>/, htmlTag)
        .replace('</head>', `${mapScript}${preloads.map(preload).join('')}</head>`);
    }
    const code = `<script type="application/json" id="page-code">${scriptJson({ scripts: serverDocument.scripts, preloads })}</script>`;
    const start = `<script nonce="${escapeAttribute(after.nonce)}">${AFTER_PAINT}</script>`;
    return serverDocument.source
      .replace(/<html\b[^>]*>/, htmlTag)
      .replace('</head>', `${mapScript}</head>`)
      .replace('</body>', `${code}${start}</body>`);
  };
}
