/**
 * GitBookMockCoverageReporter in a real vitest run (test/system/coverage/run/): two files, each with
 * its own in-process mock; the reporter adds their coverage up and prints it at the end.
 */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('./run/', import.meta.url));
const VITEST = fileURLToPath(new URL('../../../node_modules/vitest/vitest.mjs', import.meta.url));

function runSuite(env: Record<string, string>): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'TEST' && key !== 'NODE_ENV'));
    execFile(process.execPath, [VITEST, 'run', '--root', ROOT, '--no-color'], { env: { ...clean, ...env }, cwd: ROOT }, (error, stdout) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout });
    });
  });
}

describe('GitBookMockCoverageReporter', () => {
  it('prints the coverage of the whole in-process run, files added up', async () => {
    const json = join(mkdtempSync(join(tmpdir(), 'gbm-cov-')), 'coverage.json');
    const { code, stdout } = await runSuite({ COVERAGE_JSON: json });
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    const op = (id: string) => report.operations.items.find((i: { operationId: string }) => i.operationId === id);
    expect(op('deleteSpaceById')).toMatchObject({ calls: 2, statuses: { 205: 2 } });
    expect(op('restoreSpace')).toMatchObject({ calls: 1, statuses: { 200: 1 } });
    expect(op('listOrganizationsForAuthenticatedUser').calls).toBe(1);
    expect(report.operations.called).toBe(3);
    const transition = (from: string, to: string) => report.transitions.items.find((t: any) => t.machine === 'space' && t.from === from && t.to === to).count;
    expect([transition('active', 'deleted'), transition('deleted', 'active')]).toEqual([2, 1]);
    expect(stdout).toMatch(/gitbook-mock coverage: operations 3\/\d+ .*transitions 2\/\d+/);
  }, 60_000);

  it('fails the run under failUnder', async () => {
    const { code, stdout } = await runSuite({ FAIL_UNDER: '90' });
    expect(code).toBe(1);
    expect(stdout).toContain('gitbook-mock coverage is under 90%');
  }, 60_000);
});
