/** `gitbook-mock coverage`: the real CLI against a mock served on a real socket. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serveMock, type ServedMock } from '../../helpers/browser.ts';

const BIN = fileURLToPath(new URL('../../../bin/gitbook-mock.js', import.meta.url));

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, 'coverage', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('gitbook-mock coverage', () => {
  let served: ServedMock;
  let percent: number;

  beforeAll(async () => {
    served = await serveMock();
    const token = served.mock.runtime.manifest.tokens.admin;
    const space = served.mock.runtime.manifest.ids.spaces.handbook;
    const auth = { authorization: `Bearer ${token}` };
    expect((await fetch(`${served.origin}/v1/orgs`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${served.origin}/v1/spaces/${space}`, { method: 'DELETE', headers: auth })).status).toBe(205);
    const report = await (await fetch(`${served.origin}/__admin/coverage`)).json();
    percent = ((report.operations.called + report.transitions.exercised) / (report.operations.total + report.transitions.total)) * 100;
    expect(report.operations.called).toBe(2);
  });

  afterAll(() => served?.close());

  it('prints a table of covered and uncovered operations and transitions (text, --details)', async () => {
    const { code, stdout } = await run(['--url', served.origin, '--details']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ {6}1 {2}DELETE {2}\/v1\/spaces\/\{spaceId\} +205×1$/m);
    expect(stdout).toMatch(/^✗ {5}0 {2}POST {4}\/v1\/spaces\/\{spaceId\}\/restore/m);
    expect(stdout).toMatch(/^ {6}1 {2}space {17}active → deleted$/m);
    expect(stdout).toContain(`overall ${percent.toFixed(1)}%`);
  });

  it('exits 1 under --fail-under and 0 at or above it', async () => {
    const under = await run(['--url', served.origin, '--fail-under', String(Math.ceil(percent + 1))]);
    expect(under.code).toBe(1);
    expect(under.stderr).toContain('under --fail-under');
    expect((await run(['--url', served.origin, '--fail-under', String(Math.floor(percent))])).code).toBe(0);
    expect((await run(['--url', served.origin, '--fail-under', '100'])).code).toBe(1);
    expect((await run(['--url', served.origin, '--fail-under', '0'])).code).toBe(0);
  });

  it('prints the admin API answer as JSON with --format json', async () => {
    const { code, stdout } = await run(['--url', served.origin, '--format', 'json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(await (await fetch(`${served.origin}/__admin/coverage`)).json());
  });

  it('writes one self-contained HTML file with --format html', async () => {
    const { code, stdout } = await run(['--url', served.origin, '--format', 'html']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^<!doctype html>/);
    expect(stdout).not.toMatch(/<script|<link|src=|href=/i);
    expect(stdout).toContain('<td>deleteSpaceById</td>');
  });

  it('exits 2 on a bad flag, a missing --url, or a server it cannot reach', async () => {
    expect((await run(['--url', served.origin, '--format', 'xml'])).code).toBe(2);
    expect((await run(['--url', served.origin, '--fail-under', '101'])).code).toBe(2);
    expect((await run([])).code).toBe(2);
    const down = await run(['--url', 'http://127.0.0.1:1']);
    expect(down.code).toBe(2);
    expect(down.stderr).toContain('cannot read the coverage');
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--fail-under PERCENT');
  });

  it('exits 2 naming the sessions that exist for a --session that does not, and does not create it (issue 27)', async () => {
    await fetch(`${served.origin}/__admin/requests`, { method: 'DELETE', headers: { 'X-Mock-Session': 'checkout' } });
    const typo = await run(['--url', served.origin, '--session', 'chekout']);
    expect(typo.code).toBe(2);
    expect(typo.stdout).toBe('');
    expect(typo.stderr).toContain('Session "chekout" does not exist');
    expect(typo.stderr).toContain('this server has sessions default, checkout');
    const names = (await (await fetch(`${served.origin}/__admin/sessions`)).json()).items.map((s: { name: string }) => s.name);
    expect(names).toEqual(['default', 'checkout']);
    expect((await run(['--url', served.origin, '--session', 'checkout'])).code).toBe(0);
  });
});
