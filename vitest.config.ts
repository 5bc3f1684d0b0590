import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // src/msw/ imports the modules the build writes (scripts/build-msw.ts) beside the compiled
    // dist/msw/; tests of src/msw/ take them from there (the global setup keeps them current).
    alias: [{ find: /^\.\/generated\/(validators|data|bodies)\.js$/, replacement: fileURLToPath(new URL('./dist/msw/generated/$1.js', import.meta.url)) }],
  },
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
