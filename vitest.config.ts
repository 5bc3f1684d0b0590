import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds dist/ when src/ is newer: the CLI and package tests run the compiled code.
    globalSetup: ['test/setup/build-dist.ts'],
    pool: 'threads',
    // Test files share a worker's modules: the compiled schemas and the official document are
    // built once per worker. Safe because the app keeps no state at module level.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
