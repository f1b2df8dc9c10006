// Runs one webpack compilation with the workspace's webpack (@esim/build's), the way the site is built.
import { buildTools } from './workspace.mjs';

export const webpack = buildTools('webpack');

export function compile(config) {
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve(stats);
    });
  });
}

/** The initial JavaScript of an entry: file names, in load order. */
export function entryFiles(stats, entry = 'main') {
  const json = stats.toJson({ all: false, entrypoints: true });
  return json.entrypoints[entry].assets.map((asset) => asset.name).filter((name) => name.endsWith('.js'));
}
