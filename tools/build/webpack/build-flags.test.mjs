import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILD_FLAGS_FILE, buildFlags, flagsDiffer } from './build-flags.mjs';

describe('build flags', () => {
  let dist;
  beforeEach(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'flags-'));
  });
  afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

  const write = (flags) => fs.writeFileSync(path.join(dist, BUILD_FLAGS_FILE), JSON.stringify(flags));

  it('keeps a dist built with the same flags', () => {
    write(buildFlags('production', {}));
    expect(flagsDiffer(dist, {})).toBeNull();
  });

  it('rebuilds a profiling build for a plain start, and a plain one for profiling', () => {
    write(buildFlags('production', { BUILD_KEEP_NAMES: '1' }));
    expect(flagsDiffer(dist, {})).toBe('built with keepNames=true');
    write(buildFlags('production', {}));
    expect(flagsDiffer(dist, { BUILD_KEEP_NAMES: '1' })).toBe('built with keepNames=false');
  });

  it('rebuilds a development build, another label, and a dist that does not say', () => {
    write(buildFlags('development', {}));
    expect(flagsDiffer(dist, {})).toBe('built with mode="development"');
    write(buildFlags('production', { BUILD_LABEL: 'b2' }));
    expect(flagsDiffer(dist, {})).toBe('built with label="b2"');
    fs.rmSync(path.join(dist, BUILD_FLAGS_FILE));
    expect(flagsDiffer(dist, {})).toBe(`no ${BUILD_FLAGS_FILE}`);
  });
});
