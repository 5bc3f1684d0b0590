// A small suite that test/system/coverage/reporter.test.ts runs in its own vitest, with the reporter.
import { defineConfig } from 'vitest/config';
// The reporter's own module: the package index would also bring the server into the config.
import { GitBookMockCoverageReporter } from '../../../../src/vitest/coverage.ts';

export default defineConfig({
  test: {
    include: ['*.journey.ts'],
    reporters: ['dot', new GitBookMockCoverageReporter({ json: process.env.COVERAGE_JSON, failUnder: Number(process.env.FAIL_UNDER ?? 0) })],
  },
});
