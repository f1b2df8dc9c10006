import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { origins } from './support/ports';

// Debian's Chromium, never a downloaded browser: its path and flags are the benchmarks' too (tools/build/chromium.json).
const chromium = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'tools', 'build', 'chromium.json'), 'utf8')) as {
  defaultPath: string;
  flags: string[];
};
const executablePath = process.env.CHROME_PATH || chromium.defaultPath;

const phone = {
  ...devices['Desktop Chrome'],
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: false,
  hasTouch: true,
  launchOptions: {
    executablePath,
    args: chromium.flags,
  },
};

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL: origins.shell,
    viewport: { width: 390, height: 844 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium-phone',
      testIgnore: /(network|pools|dead-ends|no-english)\.spec\.ts/,
      use: phone,
    },
    {
      // The simulated network running (usage, alerts, expiry) changes the demo cards the other specs read: last.
      name: 'network',
      // pools.spec.ts runs the network too (the pool's members use its data), after network.spec.ts.
      testMatch: /(network|pools)\.spec\.ts/,
      dependencies: ['chromium-phone'],
      use: phone,
    },
    {
      // A newcomer's pass (issue 26): every link and button pressed, every main screen read in de and ar. Pressing
      // everything changes what the demo shows (a phone asked whether it is online, a pop-up seen): last.
      name: 'newcomer',
      testMatch: /(dead-ends|no-english)\.spec\.ts/,
      dependencies: ['network'],
      use: phone,
    },
  ],
});
