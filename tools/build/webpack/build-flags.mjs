// The settings that change what a build emits besides its sources. A browser build writes them to
// dist/.build-flags.json (the host never serves dotfiles); `build:missing` rebuilds a dist built with other ones, so a
// profiling build (BUILD_KEEP_NAMES=1) is never measured or served by `pnpm start` / `pnpm bench:web` by mistake.
import fs from 'node:fs';
import path from 'node:path';

export const BUILD_FLAGS_FILE = '.build-flags.json';

/** This process's flags for a build in `mode` (webpack's mode: production or development). */
export function buildFlags(mode = 'production', env = process.env) {
  return { mode, keepNames: env.BUILD_KEEP_NAMES === '1', label: env.BUILD_LABEL ?? '' };
}

/** Why dist/ does not match this process's flags (a sentence), or null when it does. */
export function flagsDiffer(dist, env = process.env) {
  const file = path.join(dist, BUILD_FLAGS_FILE);
  if (!fs.existsSync(file)) return `no ${BUILD_FLAGS_FILE}`;
  let built;
  try {
    built = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return `unreadable ${BUILD_FLAGS_FILE}`;
  }
  const wanted = buildFlags('production', env);
  const changed = Object.keys(wanted).filter((key) => built[key] !== wanted[key]);
  return changed.length === 0
    ? null
    : `built with ${changed.map((key) => `${key}=${JSON.stringify(built[key])}`).join(', ')}`;
}

/** Writes the flags beside the compilation's output once it is emitted (after output.clean). */
export class BuildFlagsPlugin {
  apply(compiler) {
    // Through the compiler's file system: a dev server's build stays in its memory like the rest of its output.
    compiler.hooks.afterEmit.tapAsync('BuildFlagsPlugin', (_compilation, done) => {
      const flags = buildFlags(compiler.options.mode);
      const file = path.join(compiler.options.output.path, BUILD_FLAGS_FILE);
      compiler.outputFileSystem.writeFile(file, `${JSON.stringify(flags)}\n`, (error) => done(error ?? undefined));
    });
  }
}
