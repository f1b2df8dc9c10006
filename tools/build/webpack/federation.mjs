// The three kinds of federated compilation: the shell (the site's host), a remote (exposes only), and a remote's
// pages (its standalone page, and for mf-card the partner embed script), which are small hosts of their own.
//
// One federation runtime core per page, through the federation options made for it: hosts set
// experiments.provideExternalRuntime (their runtime puts the core on the page), remotes set
// experiments.externalRuntime (their remoteEntry.js uses the page's core instead of carrying a copy).
import { createRequire } from 'node:module';
import path from 'node:path';
import { sharedSingletons } from './shared.mjs';

const require = createRequire(import.meta.url);
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const optimization = { target: 'web' };

/** shared-contracts subpaths the remotes' first views import and the shell's own code does not. */
const REMOTE_ONLY_CONTRACTS = ['shared-contracts/links', 'shared-contracts/ui/federation'];

/**
 * The shell: a pure consumer that provides the shared packages and the runtime core; remotes come at run time. Its
 * shared packages are eager: they are in its entry chunk, one file a phone fetches with the page's first request
 * round, not a dozen chunks found one step after the entry has run.
 */
export function shellFederation(o) {
  const singletons = sharedSingletons(o.dirname);
  const shared = Object.fromEntries(
    Object.entries(singletons).map(([key, config]) => [key, { ...config, eager: true }]),
  );
  // shared-contracts' modules that only remotes import are provided by the shell too (a prefix key provides only
  // what the shell itself imports): otherwise the first remote to use one downloads its own copy, a request after
  // the shell's entry has run (the card page's activity links, the card list's widget loader).
  const requireFromShell = createRequire(path.join(o.dirname, 'package.json'));
  for (const request of REMOTE_ONLY_CONTRACTS) {
    shared[request] = { ...singletons['shared-contracts/'], eager: true, import: requireFromShell.resolve(request) };
  }
  return new ModuleFederationPlugin({
    name: o.name,
    remotes: {},
    shared,
    // One unreachable remote must never take the site down: use what is loaded, never wait for a remote's copy.
    shareStrategy: 'loaded-first',
    manifest: false,
    dts: false,
    experiments: { provideExternalRuntime: true, optimization },
  });
}

/** A remote: remoteEntry.js + mf-manifest.json, its exposes and its copy of every shared package as a fallback. */
export function remoteFederation(o) {
  return new ModuleFederationPlugin({
    name: o.name,
    filename: 'remoteEntry.js',
    exposes: o.exposes,
    shared: sharedSingletons(o.dirname),
    shareStrategy: 'loaded-first',
    // With asset lists: the shell host preloads a route's first-view files from them (host/page.mjs).
    manifest: true,
    dts: false,
    experiments: { externalRuntime: true, optimization },
  });
}

/**
 * A remote's pages: a host with nothing of its own to share, which loads the remote like the shell does. The
 * remote then runs on its own fallback copies of the shared packages (and registers them for any other remote
 * the page loads, such as mf_checkout's sheet on a partner page). No manifest: the remote's is the one.
 */
export function pagesFederation(o) {
  return new ModuleFederationPlugin({
    name: `${o.name}_page`,
    remotes: {},
    shared: {},
    shareStrategy: 'loaded-first',
    manifest: false,
    dts: false,
    experiments: { provideExternalRuntime: true, optimization },
  });
}
