/**
 * A suite of small files run in parallel against one running server (GITBOOK_MOCK_URL), by
 * test/system/sessions/parallel-files.test.ts: each file has its own session through useGitBookMock.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.suite.ts'],
    pool: 'threads',
    maxWorkers: 4,
    isolate: false,
    testTimeout: 20_000,
  },
});
