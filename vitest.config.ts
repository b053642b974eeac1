import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'machines/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Sums the attack suite's figures into one closing line (tests/security/summary.ts).
    // The seeded demo world, built once per run and copied by every suite (tests/server/support/seeded-snapshot.ts).
    // mupdf loads lazily in the server (src/server/pdf/mupdf.ts); tests calling PDF functions directly need it loaded.
    setupFiles: ['tests/setup-mupdf.ts'],
    globalSetup: ['tests/server/support/seeded-snapshot.ts', 'tests/security/summary.ts'],
  },
});
