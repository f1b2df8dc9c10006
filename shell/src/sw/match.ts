import { REMOTES_MAP_ELEMENT_ID } from '../lib/remotes-map';

// Which requests the service worker handles, and how: plain functions of the URL, shared by the worker and its
// tests (the worker file itself needs the WebWorker library and is type-checked on its own).

/** Cache names. Runtime caches outlive a worker update: remote chunks are immutable, the rest network-first. */
export const CACHES = {
  /** /remotes.json, the shell's map of remote name -> mf-manifest.json address. */
  remotesMap: 'esim-remotes-map',
  /** Each remote's mf-manifest.json and remoteEntry.js (and any other unhashed file): network-first. */
  remoteEntries: 'esim-remote-entries',
  /** The remotes' content-hashed chunks: cache-first, they never change. */
  remoteChunks: 'esim-remote-chunks',
} as const;

export const REMOTES_MAP_PATH = '/remotes.json';
/** The shell's document, precached; every page route of the single-page app is this file. */
export const SHELL_DOCUMENT = '/index.html';
/** Seconds a network-first request waits before the cached copy answers (a phone on weak roaming). */
export const NETWORK_TIMEOUT_SECONDS = 3;

// The host's rule for files cached forever (tools/build/host/static.mjs HASHED).
const HASHED = /\.[0-9a-f]{8,}\.\w+$/;
const REMOTE_DOCUMENTS = /\/(remoteEntry\.js|mf-manifest\.json)$/;
// Under /eshop/ the api serves a few pages of its own (documents, the sandbox's hosted pay page, the pages the mails
// link to: alert unsubscribe, saved payment method removal): never the shell.
const API_PAGES =
  /^\/eshop\/(docs(\/|$)|openapi\.json$|health$|pay\/sandbox\/|alerts\/unsubscribe\/|pay\/methods\/remove\/)/;

export const isHashedFile = (pathname: string): boolean => HASHED.test(pathname);

/** The origins of the remotes named in /remotes.json (anything else, or another origin's, is ignored). */
export function remoteOriginsOf(map: unknown, shellOrigin: string): Set<string> {
  const origins = new Set<string>();
  if (typeof map !== 'object' || map === null) return origins;
  for (const entry of Object.values(map)) {
    if (typeof entry !== 'string') continue;
    try {
      const origin = new URL(entry, shellOrigin).origin;
      if (origin !== shellOrigin && /^https?:/.test(origin)) origins.add(origin);
    } catch {
      // Not an address: nothing to cache for it.
    }
  }
  return origins;
}

// The data block the shell host writes (tools/build/host/page.mjs) and the shell reads through the DOM.
const MAP_IN_PAGE = new RegExp(`<script type="application/json" id="${REMOTES_MAP_ELEMENT_ID}">([^<]*)</script>`);

/** The remotes map the shell host writes into each page it serves (null: a page without one, or not readable). */
export function remotesMapInPage(html: string): unknown {
  const json = MAP_IN_PAGE.exec(html)?.[1];
  if (!json) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}

/** A navigation the shell's document answers (not one of the api's own pages). */
export const isShellNavigation = (url: URL): boolean => !API_PAGES.test(url.pathname);

export type RemoteFileKind = 'chunk' | 'document';

/**
 * How a GET to another origin is cached, when it looks like a remote's file: 'chunk' (hashed, cache-first) or
 * 'document' (remoteEntry.js, mf-manifest.json: network-first). Whether the origin is a remote's is asked
 * separately (the map may still be loading).
 */
export function remoteFileKind(url: URL): RemoteFileKind | null {
  if (REMOTE_DOCUMENTS.test(url.pathname)) return 'document';
  if (/\.js$/.test(url.pathname) && isHashedFile(url.pathname)) return 'chunk';
  return null;
}

/**
 * What the page asks the worker to cache once it controls the page: the remote files the first visit loaded
 * before the worker existed. Only http(s) GET resources; the api's calls (POST) are not cacheable and skipped.
 */
export function urlsToWarm(resources: ReadonlyArray<{ name: string; initiatorType?: string }>, pageOrigin: string) {
  const urls = new Set<string>();
  for (const { name, initiatorType } of resources) {
    if (initiatorType === 'xmlhttprequest' || initiatorType === 'beacon') continue;
    let url: URL;
    try {
      url = new URL(name, pageOrigin);
    } catch {
      continue;
    }
    if (!/^https?:$/.test(url.protocol) || url.pathname.startsWith('/eshop/')) continue;
    if (url.origin === pageOrigin ? url.pathname === REMOTES_MAP_PATH : remoteFileKind(url)) urls.add(url.href);
  }
  return [...urls];
}
