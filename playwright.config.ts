// Browser tests run against a server started by scripts/e2e.mjs (BASE_URL) with the Chromium
// that scripts/find-browser.mjs located (CHROMIUM_PATH): no browser download is needed.
import { defineConfig } from '@playwright/test';

const executablePath = process.env.CHROMIUM_PATH || undefined;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'tests/artifacts/results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker: the suite shares one seeded server, and the lockout test must not race the persona logins.
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // The list reporter ends with the one-line pass/fail summary the test script relays.
  reporter: [['list']],
  projects: [
    { name: 'app', testIgnore: /lockout\.spec\.ts/ },
    // Blocks a demo account for 30 minutes on this server: runs once everything else has passed.
    { name: 'lockout', testMatch: /lockout\.spec\.ts/, dependencies: ['app'] },
  ],
  use: {
    baseURL: process.env.BASE_URL ?? 'http://localhost:8080',
    headless: true,
    locale: 'fr-FR',
    screenshot: 'on',
    trace: 'off',
    video: 'off',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--disable-dev-shm-usage',
      ],
    },
  },
});
