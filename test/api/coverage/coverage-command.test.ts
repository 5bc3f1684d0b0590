/**
 * `gitbook-mock coverage` against a server whose suite ran a session per test file (issue 44):
 * every session is read and added up, and the text is a summary unless `--details` asks for the
 * table. The command runs in this process, against the mock on a real socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCoverageCommand } from '../../../src/cli/coverage-command.ts';
import { serveMock, type ServedMock } from '../../helpers/browser.ts';

/** Runs the command; its exit code and what it wrote. */
async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = { write: (text: string) => (stdout += text) };
  const err = { write: (text: string) => (stderr += text) };
  const code = await runCoverageCommand(args, out, err);
  return { code, stdout, stderr };
}

describe('gitbook-mock coverage of a server with a session per test file', () => {
  let served: ServedMock;

  beforeAll(async () => {
    served = await serveMock();
    const { tokens, ids } = served.mock.runtime.manifest;
    // Two test files, each in its own session; the default session sees nothing.
    for (const [session, path] of [['test-a.test.ts', '/v1/orgs'], ['test-b.test.ts', `/v1/spaces/${ids.spaces.handbook}`]]) {
      const res = await fetch(`${served.origin}${path}`, { headers: { authorization: `Bearer ${tokens.admin}`, 'x-mock-session': session } });
      expect(res.status).toBe(200);
    }
  });

  afterAll(() => served?.close());

  it('adds up every session by default and with --all-sessions', async () => {
    for (const args of [[], ['--all-sessions']]) {
      const { code, stdout } = await run(['--url', served.origin, '--format', 'json', ...args]);
      expect(code).toBe(0);
      const called = JSON.parse(stdout).operations.items.filter((o: { calls: number }) => o.calls > 0).map((o: { operationId: string }) => o.operationId);
      expect(called.sort()).toEqual(['getSpaceById', 'listOrganizationsForAuthenticatedUser']);
    }
  });

  it('passes --fail-under on what the sessions covered together', async () => {
    const one = await run(['--url', served.origin, '--format', 'json', '--session', 'test-a.test.ts']);
    expect(JSON.parse(one.stdout).operations.called).toBe(1);
    const { code, stdout } = await run(['--url', served.origin, '--fail-under', '0.1']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Coverage: operations 2\/\d+ /);
  });

  it('prints one summary line, and the table with --details', async () => {
    const short = await run(['--url', served.origin]);
    expect(short.stdout.trim().split('\n')).toHaveLength(1);
    const long = await run(['--url', served.origin, '--details']);
    expect(long.stdout).toMatch(/^ {6}1 {2}GET {5}\/v1\/orgs +200×1$/m);
    expect(long.stdout.split('\n').length).toBeGreaterThan(100);
  });

  it('refuses --session with --all-sessions', async () => {
    const { code, stderr } = await run(['--url', served.origin, '--session', 'x', '--all-sessions']);
    expect(code).toBe(2);
    expect(stderr).toContain('--session and --all-sessions cannot go together');
  });
});
