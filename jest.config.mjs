// One jest run for the whole workspace: browser packages in jsdom, the api and contracts in node.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  // node_modules is not compiled, except the ESM-only OpenID client the api uses (jest's runtime is CommonJS here).
  transformIgnorePatterns: [
    '/node_modules/(?!(\\.pnpm/|openid-client/|oauth4webapi/|jose/))',
    '/node_modules/\\.pnpm/(?!(shared-contracts|openid-client|oauth4webapi|jose)@)',
  ],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};
export default {
  projects: [
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      roots: [
        '<rootDir>/shell',
        '<rootDir>/mf-card',
        '<rootDir>/mf-pool',
        '<rootDir>/mf-esim',
        '<rootDir>/mf-account',
        '<rootDir>/mf-checkout',
      ],
      testMatch: ['**/src/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/jest.setup.web.ts'],
      moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/jest.asset-stub.cjs' },
    },
    {
      ...common,
      displayName: 'contracts',
      testEnvironment: 'node',
      roots: ['<rootDir>/shared-contracts'],
      testMatch: ['**/src/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'api',
      testEnvironment: 'node',
      roots: ['<rootDir>/api'],
      testMatch: ['**/test/**/*.test.ts', '**/src/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'tools',
      testEnvironment: 'node',
      roots: ['<rootDir>/tools'],
      testMatch: ['**/*.test.{ts,mjs}'],
    },
  ],
};
