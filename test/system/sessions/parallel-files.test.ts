/**
 * Issue 14's "done when": one real server (the CLI, --port 0) and a vitest suite of eight
 * files run in parallel against it (test/system/sessions/parallel-suite, a child vitest with
 * GITBOOK_MOCK_URL), each file writing, deleting and resetting in its own session; five runs
 * in a row, none failing, and the default session untouched.
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startCli } from '../../helpers/cli.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CONFIG = 'test/system/sessions/parallel-suite/vitest.config.ts';
const RUNS = 5;
const FILES = 8;

/** `npx vitest run` of the suite, without the variables of the vitest running this file. */
function runSuite(url: string): Promise<{ code: number | null; output: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_OPTIONS'));
  const child = spawn('npx', ['vitest', 'run', '--config', CONFIG, '--reporter', 'dot'], {
    cwd: ROOT,
    env: { ...env, GITBOOK_MOCK_URL: url, NO_COLOR: '1', CI: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('a parallel vitest suite against one server', () => {
  it(`passes ${RUNS} runs of ${FILES} files, each in its own session`, { timeout: 180_000 }, async () => {
    const { base } = await startCli(['--scenario', 'starter']);
    for (let run = 1; run <= RUNS; run++) {
      const { code, output } = await runSuite(base);
      expect(code, `run ${run}:\n${output}`).toBe(0);
      expect(output).toMatch(new RegExp(`Test Files\\s+${FILES} passed \\(${FILES}\\)`));
    }
    const sessions = (await (await fetch(`${base}/__admin/sessions`)).json()).items as { name: string; scenario: string; requests: number }[];
    const files = sessions.filter((s) => /parallel-suite-file-\d\.suite\.ts$/.test(s.name));
    expect(files).toHaveLength(FILES);
    expect(files.find((s) => s.name.endsWith('file-8.suite.ts'))!.scenario).toBe('review');
    expect(files.every((s) => s.requests > RUNS * 10)).toBe(true);
    // None of it reached the default session.
    expect((await (await fetch(`${base}/__admin/requests`)).json()).items).toEqual([]);
    expect(sessions.find((s) => s.name === 'default')).toMatchObject({ scenario: 'starter', requests: 1 });
  });
});
