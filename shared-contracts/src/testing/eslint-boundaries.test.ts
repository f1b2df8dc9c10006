// The boundary rules of eslint.config.mjs, proven on fake files: a package does not reach into another (by path or
// by name), a feature does not import another feature, a webpack config does not borrow another package's set-up.
// ESLint runs in a child process, as `npx eslint` does: it loads the flat config with import(), which jest's module
// sandbox cannot run.
import { execFile } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

interface Finding {
  ruleId: string | null;
  message: string;
}

const LINT = `
import { ESLint } from 'eslint';
const cases = JSON.parse(process.argv[1]);
const eslint = new ESLint({ cwd: process.cwd(), overrideConfigFile: 'eslint.config.mjs' });
const out = [];
for (const { file, code } of cases) {
  const [result] = await eslint.lintText(code, { filePath: file });
  out.push(result.messages.map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(out));
`;

/** Lints each `code` as if it were the file `file` (relative to the repository root). */
function lint(cases: Array<{ file: string; code: string }>): Promise<Finding[][]> {
  const payload = JSON.stringify(cases.map(({ file, code }) => ({ file: path.join(root, file), code })));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', LINT, payload],
      { cwd: root, maxBuffer: 10 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`eslint failed: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout) as Finding[][]);
      },
    );
  });
}

const use = (source: string) => `import * as dependency from '${source}';\nexport const used = dependency;\n`;

const boundaries = (findings: Finding[]) =>
  findings
    .filter(({ ruleId }) => ruleId === 'boundaries/dependencies' || ruleId === 'no-restricted-imports')
    .map(({ message }) => message);

describe('eslint boundaries', () => {
  jest.setTimeout(60_000);

  it('refuses cross-feature, cross-package and borrowed-webpack imports', async () => {
    const findings = await lint([
      // (b) a feature imports another feature's internals
      { file: 'mf-card/src/features/home/Fake.tsx', code: use('../card/lib/gating') },
      { file: 'shell/src/features/chrome/components/Fake.tsx', code: use('../../toasts/components/ToastRegion') },
      { file: 'mf-card/src/features/home/Fake.test.tsx', code: use('../card/lib/gating') },
      // (a) another package's source by relative path, or another package by name
      { file: 'mf-card/src/features/home/Fake.tsx', code: use('../../../../mf-pool/src/lib/remote') },
      { file: 'mf-card/src/lib/Fake.ts', code: use('../../../shell/src/lib/i18n') },
      { file: 'mf-esim/src/routes.tsx', code: use('../../shared-contracts/src/bus') },
      { file: 'mf-card/src/features/home/Fake.tsx', code: use('mf-pool') },
      { file: 'shell/src/Fake.ts', code: use('mf-card/src/routes') },
      // (c) a webpack config borrowing another package's folder
      { file: 'mf-card/webpack.config.mjs', code: use('../shell/webpack/mf-config.mjs') },
    ]);
    const [
      crossFeature,
      shellCrossFeature,
      testCrossFeature,
      byPath,
      intoShell,
      intoContracts,
      byName,
      shellByName,
      webpack,
    ] = findings.map((list) => boundaries(list ?? []));
    expect(crossFeature).toEqual([
      "Feature 'home' must not import feature 'card': move what both need to src/lib or src/components.",
    ]);
    expect(shellCrossFeature).toEqual([expect.stringContaining("Feature 'chrome' must not import feature 'toasts'")]);
    expect(testCrossFeature).toEqual([expect.stringContaining("Feature 'home' must not import feature 'card'")]);
    expect(byPath).toEqual([expect.stringContaining('Do not reach into another package by path (mf-pool)')]);
    expect(intoShell).toEqual([expect.stringContaining('Do not reach into another package by path (shell)')]);
    expect(intoContracts).toEqual([
      expect.stringContaining('Do not reach into another package by path (shared-contracts)'),
    ]);
    expect(byName).toEqual([expect.stringContaining('mf-card must not import mf-pool')]);
    expect(shellByName).toEqual([expect.stringContaining('shell must not import mf-card')]);
    expect(webpack).toEqual([expect.stringContaining("from '@esim/build/webpack'")]);
  });

  it('allows a feature its own files, the package lib/components, shared-contracts, and the app its features', async () => {
    const findings = await lint([
      { file: 'mf-card/src/features/card/components/Fake.tsx', code: use('../lib/gating') },
      { file: 'mf-card/src/features/card/components/Fake.test.tsx', code: use('./CardPage') },
      { file: 'mf-card/src/features/home/Fake.tsx', code: use('../../lib/remote') },
      { file: 'mf-card/src/features/home/Fake.tsx', code: use('../../components/activities/BannerCarousel') },
      { file: 'shell/src/features/chrome/components/Fake.tsx', code: use('../../../lib/auth') },
      { file: 'mf-card/src/features/home/Fake.tsx', code: use('shared-contracts') },
      { file: 'mf-card/src/features/home/Fake.tsx', code: use('shared-contracts/ui') },
      { file: 'mf-card/src/routes.tsx', code: use('./features/home/HomePage') },
      { file: 'shell/src/app/Fake.tsx', code: use('../features/chrome/components/Header') },
      { file: 'mf-card/webpack.config.mjs', code: use('@esim/build/webpack') },
    ]);
    expect(findings.map(boundaries)).toEqual(findings.map(() => []));
  });
});
