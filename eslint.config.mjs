import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));

// ---- Boundaries (ARCHITECTURE: no package reaches into another's folder; STYLE: features do not import each other)
/** Workspace packages from pnpm-workspace.yaml's `packages:` list: folder (relative to the root) and name. */
const workspacePackages = (
  /^packages:\s*\n((?:[ \t]+.*\n?|\s*\n)*)/m.exec(readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8'))?.[1] ??
  ''
)
  .split('\n')
  .map((line) => /^\s*-\s*['"]?([^'"#\s]+)/.exec(line)?.[1])
  .filter((entry) => entry !== undefined)
  .flatMap((entry) =>
    entry.endsWith('/*')
      ? readdirSync(path.join(root, entry.slice(0, -2)), { withFileTypes: true })
          .filter((dirent) => dirent.isDirectory())
          .map((dirent) => `${entry.slice(0, -2)}/${dirent.name}`)
      : [entry],
  )
  .filter((dir) => existsSync(path.join(root, dir, 'package.json')))
  .map((dir) => ({ dir, name: JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).name }));
/**
 * Packages every other package may import by name: the contracts, the build set-up (webpack configs), and the local
 * OpenID provider (the api's tests and its `pnpm start` demo sign-in).
 */
const SHARED_PACKAGES = ['shared-contracts', '@esim/build', '@esim/oidc-demo'];
const SOURCE_FILES = '**/*.{ts,tsx,mts,cts,js,mjs,cjs}';

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** By name: another workspace package's name (or a subpath of it), unless it is one of the shared ones. */
const otherPackageNames = (name) =>
  workspacePackages
    .filter((other) => other.name !== name && !SHARED_PACKAGES.includes(other.name))
    .map((other) => ({
      regex: `^${escapeRegex(other.name)}(/.*)?$`,
      message: `${name} must not import ${other.name}: packages share code only through shared-contracts (a remote loads another's widget through the federation runtime, or publishes an event on the bus).`,
    }));

/** A webpack config sits at its package's root: any '../' leaves the package (e.g. '../shell/webpack/...'). */
const WEBPACK_CONFIG_OUT_OF_PACKAGE = {
  regex: '^\\.\\./',
  message: "A webpack config takes its shared set-up from '@esim/build/webpack', never from another package's folder.",
};

const packageNameBlocks = workspacePackages.flatMap(({ dir, name }) => [
  {
    files: [`${dir}/${SOURCE_FILES}`],
    rules: { 'no-restricted-imports': ['error', { patterns: otherPackageNames(name) }] },
  },
  {
    files: [`${dir}/webpack.config.{js,mjs,cjs,ts}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...otherPackageNames(name), WEBPACK_CONFIG_OUT_OF_PACKAGE] }],
    },
  },
]);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/coverage/**',
      '**/@mf-types/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['**/*.test.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.jest } },
  },
  ...packageNameBlocks,
  {
    // By path: boundaries resolves every import (static, dynamic, re-export) to a file and classifies both ends:
    // a front-end feature (<package>/src/features/<feature>), or else the package the file is in.
    files: [SOURCE_FILES],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': root,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'] } },
      'boundaries/elements': [
        { type: 'feature', pattern: '*/src/features/*', capture: ['pkg', 'feature'], partialMatch: false },
        // Packages in a subfolder (tools/build, e2e/fixtures/*) before the top-level ones.
        ...[
          ...new Set(workspacePackages.filter(({ dir }) => dir.includes('/')).map(({ dir }) => path.dirname(dir))),
        ].map((parent) => ({ type: 'package', pattern: `${parent}/*`, capture: ['pkg'], partialMatch: false })),
        { type: 'package', pattern: '*', capture: ['pkg'], partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { types: ['feature', 'package'] } },
              disallow: { to: { element: { captured: { pkg: '!{{ from.element.captured.pkg }}' } } } },
              message:
                'Do not reach into another package by path ({{ to.element.captured.pkg }}): import shared-contracts (or @esim/build) by name.',
            },
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: {
                  element: {
                    type: 'feature',
                    captured: {
                      pkg: '{{ from.element.captured.pkg }}',
                      feature: '!{{ from.element.captured.feature }}',
                    },
                  },
                },
              },
              message:
                "Feature '{{ from.element.captured.feature }}' must not import feature '{{ to.element.captured.feature }}': move what both need to src/lib or src/components.",
            },
          ],
        },
      ],
    },
  },
);
