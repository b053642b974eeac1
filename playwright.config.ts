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
  // The screen tests run on one worker (they share one seeded server, and the lockout test must not race
  // the persona logins); the machine-path replay, after them, on two (each path has its own browser context).
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // The list reporter ends with the one-line pass/fail summary the test script relays.
  reporter: [['list']],
  projects: [
    { name: 'app', testIgnore: /(lockout|machine-paths)\.spec\.ts/, workers: 1 },
    // Generated machine paths through the screens (tests/e2e/paths/): `--project=paths --no-deps` alone.
    {
      name: 'paths',
      testMatch: /machine-paths\.spec\.ts/,
      dependencies: ['app'],
      fullyParallel: true,
      workers: Number(process.env.PATHS_WORKERS ?? 2),
      // Each step waits for its screen; a login on a busy machine can pass 10 s.
      expect: { timeout: 20_000 },
      // A path's end is checked by its steps; a screenshot of every passed one cost about a second each.
      // Less motion, as a user may ask their system for (the app then drops its animations): a step
      // waits for no dialog's or menu's animation to settle before its click.
      use: {
        screenshot: 'only-on-failure',
        reducedMotion: process.env.PATHS_MOTION === '1' ? 'no-preference' : 'reduce',
      },
    },
    // Blocks a demo account for 30 minutes on this server: runs once everything else has passed.
    { name: 'lockout', testMatch: /lockout\.spec\.ts/, dependencies: ['app', 'paths'], workers: 1 },
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
