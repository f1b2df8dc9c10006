// The packages every federated build shares, whole: the real package at the version the building package
// declares, one copy per page. A remote built months later against a newer minor finds every export it imports,
// because the shared module is the package itself, never a list of its exports.
import fs from 'node:fs';
import path from 'node:path';

// [share key, package whose version applies]. The 'react/' and 'react-dom/' prefixes cover react/jsx-runtime and
// react-dom/client; 'react-router' is what react-router-dom re-exports (one router context on the page);
// 'shared-contracts/' covers its subpaths (ui, links, device ...). RxJS is not shared: the bus (shared-contracts)
// is the only cross-package use of it.
const SINGLETONS = [
  ['react', 'react'],
  ['react/', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/', 'react-dom'],
  ['react-router-dom', 'react-router-dom'],
  ['react-router', 'react-router'],
  ['styled-components', 'styled-components'],
  ['i18next', 'i18next'],
  ['react-i18next', 'react-i18next'],
  ['shared-contracts', 'shared-contracts'],
  ['shared-contracts/', 'shared-contracts'],
];

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The installed version of a package as the building package resolves it (pnpm: follows the symlink). */
function resolvedPackageJson(dirname, pkgName) {
  const direct = path.join(dirname, 'node_modules', pkgName, 'package.json');
  if (fs.existsSync(direct)) return readJson(fs.realpathSync(direct));
  // Not a direct dependency (react-router comes with react-router-dom): look beside the package that brings it.
  const routerDom = fs.realpathSync(path.join(dirname, 'node_modules', 'react-router-dom', 'package.json'));
  return readJson(path.join(path.dirname(path.dirname(routerDom)), pkgName, 'package.json'));
}

/** requiredVersion: the range package.json declares, or for a workspace link / transitive package ^installed. */
function requiredVersion(dirname, pkgName) {
  const pkg = readJson(path.join(dirname, 'package.json'));
  const range = { ...pkg.peerDependencies, ...pkg.dependencies }[pkgName];
  if (range && !range.startsWith('workspace:')) return range;
  return `^${resolvedPackageJson(dirname, pkgName).version}`;
}

/**
 * The `shared` option of ModuleFederationPlugin for the package at `dirname`. strictVersion: a page whose loaded
 * copy does not satisfy a remote's range fails that remote loudly (the shell's fallback shows it) instead of
 * running it on a second React, router or styled-components context.
 */
export function sharedSingletons(dirname) {
  return Object.fromEntries(
    SINGLETONS.map(([key, pkgName]) => [
      key,
      {
        singleton: true,
        strictVersion: true,
        requiredVersion: requiredVersion(dirname, pkgName),
        version: resolvedPackageJson(dirname, pkgName).version,
      },
    ]),
  );
}

export { SINGLETONS };
