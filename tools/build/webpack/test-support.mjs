// @ts-check
// Test support for the build's plugins (never part of a build): one webpack compilation run to its end.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const webpack = require('webpack');

/**
 * Runs one webpack compilation; rejects with its errors.
 * @param {object} config @returns {Promise<import('webpack').Stats>}
 */
export const runWebpack = (config) =>
  new Promise((resolve, reject) =>
    webpack(config, (/** @type {Error | null} */ error, /** @type {import('webpack').Stats} */ stats) =>
      error || stats.hasErrors() ? reject(error ?? new Error(stats.toString('errors-only'))) : resolve(stats),
    ),
  );
