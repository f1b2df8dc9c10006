import fs from 'node:fs';
import path from 'node:path';

// Shared singletons that are shared as a facade (shell/webpack/facades) only offer the names listed there: any
// name a package imports from them must be in the list, or it would be undefined at run time.
const root = path.resolve(__dirname, '../../..');
const FACADES = ['react-router-dom', 'rxjs', 'react-i18next', 'styled-components'];
const PACKAGES = ['shell', 'mf-card', 'mf-pool', 'mf-esim', 'mf-account', 'mf-checkout', 'shared-contracts'];

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function facadeExports(name: string): Set<string> {
  const source = fs.readFileSync(path.join(root, 'shell/webpack/facades', `${name}.mjs`), 'utf8');
  const list = /export\s*\{([^}]*)\}/.exec(source)?.[1] ?? '';
  return new Set(
    list
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );
}

describe.each(FACADES)('facade %s', (facade) => {
  it('lists every name the packages import from it', () => {
    const offered = facadeExports(facade);
    const pattern = new RegExp(`import\\s+(type\\s+)?([^;]*?)\\s+from\\s+'${facade}'`, 'g');
    const missing: string[] = [];
    for (const pkg of PACKAGES) {
      for (const file of [
        ...sourceFiles(path.join(root, pkg, 'src')),
        ...sourceFiles(path.join(root, pkg, 'partner')),
      ]) {
        for (const match of fs.readFileSync(file, 'utf8').matchAll(pattern)) {
          if (match[1]) continue; // import type: erased
          const clause = match[2] ?? '';
          const defaultName = /^([A-Za-z_$][\w$]*)/.exec(clause)?.[1];
          if (defaultName && !clause.startsWith('{')) {
            if (!offered.has('default')) missing.push(`${path.relative(root, file)}: default`);
          }
          const named = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
          for (const item of named
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)) {
            if (item.startsWith('type ')) continue;
            const name = item.split(/\s+as\s+/)[0]!.trim();
            if (!offered.has(name)) missing.push(`${path.relative(root, file)}: ${name}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
