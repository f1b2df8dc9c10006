// The HTML documents of the shell and of a remote's standalone page: no inline script (a server-rendered page gets
// React's own and its start script, with the response's nonce: host/ssr.mjs, host/page.mjs), the page's own scripts
// added by html-webpack-plugin. The boot bar is as tall as the shell's header (theme.layout.header), so nothing moves
// when the app's header replaces it. The page's global rules (box sizing, the body's type, focus ring, visually
// hidden text, reduced motion) are here too, as plain CSS: a styled-components global style re-made them on every
// hydration (its layout effect cleared and inserted its rules again: half of the first commit's task).
import { createRequire } from 'node:module';
import { ENTRY_SCRIPTS, SERVER_PAGE } from '../host/page.mjs';
import { THEME } from './theme.mjs';

const require = createRequire(import.meta.url);
const HtmlWebpackPlugin = require('html-webpack-plugin');

// The web app manifest (installable site) and the home-screen icon Safari reads instead of the manifest's.
const installLinks = (manifest) => `
    <link rel="manifest" href="${manifest}" />
    <link rel="apple-touch-icon" href="/icons/icon-192.png" />`;

const page = ({ title, body, manifest }) => `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="theme-color" content="${THEME.color.primary}" />
    <link rel="icon" href="data:," />${manifest ? installLinks(manifest) : ''}
    <title>${title}</title>
    <style>
      *,*::before,*::after{box-sizing:border-box}
      html{-webkit-text-size-adjust:100%}
      html,body{margin:0;background:${THEME.color.background};font-family:${THEME.font.family};color:${THEME.color.text}}
      body{font-size:${THEME.font.md};line-height:1.45;-webkit-tap-highlight-color:transparent}
      a{color:inherit}
      :focus-visible{outline:3px solid ${THEME.color.focus};outline-offset:2px}
      .visually-hidden{position:absolute!important;inline-size:1px;block-size:1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}
      @media (prefers-reduced-motion:reduce){*,*::before,*::after{transition-duration:0.01ms!important;animation-duration:0.01ms!important}}
      #root{min-height:100vh}
      .boot-bar{display:flex;align-items:center;min-height:${THEME.layout.header};padding:0 ${THEME.space.lg};background:${THEME.color.surface};border-bottom:1px solid ${THEME.color.border};font-weight:700;font-size:${THEME.font.lg}}
    </style>
  </head>
  <body>
    ${body}
  </body>
</html>`;

/**
 * The shell's first paint before any script has run: the header bar with the site's name, which the app's own
 * header replaces on its first render (same height, so nothing moves).
 */
export const bootHeader = (title) =>
  `<div id="root"><div class="boot-bar" aria-hidden="true">${title}</div></div><noscript>This site needs JavaScript.</noscript>`;

/**
 * index.html with the given entry chunks (and, for the shell, its web app manifest). publicPath '/': the shell's
 * page is served at deep routes such as
 * /2/8988.../ where a relative script address would break.
 */
export function htmlPage({
  title,
  chunks,
  body = '<div id="root"></div><noscript>This site needs JavaScript.</noscript>',
  manifest,
  filename = 'index.html',
  inject = true,
}) {
  return new HtmlWebpackPlugin({
    filename,
    chunks,
    inject,
    publicPath: '/',
    scriptLoading: 'defer',
    templateContent: () => page({ title, body, manifest }),
  });
}

/**
 * What the site host needs to serve a server-rendered page: the shell's document without its script tags
 * (SERVER_PAGE) and the entry's scripts in order (ENTRY_SCRIPTS), written by the build instead of cut out of
 * index.html by the host.
 */
export function serverPage(options) {
  return [htmlPage({ ...options, filename: SERVER_PAGE, inject: false }), new EntryScriptsPlugin()];
}

class EntryScriptsPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('EntryScriptsPlugin', (compilation) => {
      HtmlWebpackPlugin.getCompilationHooks(compilation).alterAssetTags.tap('EntryScriptsPlugin', (data) => {
        if (data.outputName !== 'index.html') return data;
        const scripts = data.assetTags.scripts.map((tag) => String(tag.attributes.src));
        compilation.emitAsset(ENTRY_SCRIPTS, new compiler.webpack.sources.RawSource(JSON.stringify(scripts)));
        return data;
      });
    });
  }
}

/**
 * The page's entry scripts fetched at high priority (fetchpriority="high"): a deferred script is otherwise a
 * low-priority request, which Chrome holds back while the high-priority preloads of the route's first view are in
 * flight, though the entry is the largest file the first view waits for.
 */
export class EntryPriorityPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('EntryPriorityPlugin', (compilation) => {
      HtmlWebpackPlugin.getCompilationHooks(compilation).alterAssetTags.tap('EntryPriorityPlugin', (data) => {
        for (const tag of data.assetTags.scripts) tag.attributes.fetchpriority = 'high';
        return data;
      });
    });
  }
}
