import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { transformSync } from '@swc/core';

// Jest's CommonJS runtime cannot require() an ES module before Node 24.9, and the workspace's jest config does not
// transform node_modules. Two CommonJS dependencies of the api require ESM-only packages: fastify's inject
// (light-my-request → cookie@2) and the docs UI (@fastify/swagger-ui → @fastify/static → content-disposition@3).
// Compile just those two to CommonJS with the swc jest already uses. Only the test runner needs this: on Node
// (`pnpm --filter api serve`) require(esm) loads them natively.
const ESM_ONLY: Array<{ via: string[]; name: string }> = [
  { via: ['fastify', 'light-my-request'], name: 'cookie' },
  { via: ['@fastify/swagger-ui', '@fastify/static'], name: 'content-disposition' },
];

function resolveThrough(via: string[], name: string): string {
  let from = path.join(process.cwd(), 'api', 'package.json');
  for (const step of via) from = createRequire(from).resolve(step);
  return createRequire(from).resolve(name);
}

for (const { via, name } of ESM_ONLY) {
  const file = resolveThrough(via, name);
  jest.doMock(file, () => {
    const { code } = transformSync(readFileSync(file, 'utf8'), {
      filename: file,
      module: { type: 'commonjs' },
      jsc: { target: 'es2022' },
    });
    const module = { exports: {} as Record<string, unknown> };
    new Function('module', 'exports', 'require', code)(module, module.exports, createRequire(file));
    return module.exports;
  });
}
