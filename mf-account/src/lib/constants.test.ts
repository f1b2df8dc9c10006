import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_VERSION } from './constants';

describe('APP_VERSION', () => {
  it("is mf-account's package.json version", () => {
    const pkg = JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as { version: string };
    expect(APP_VERSION).toBe(pkg.version);
  });
});
