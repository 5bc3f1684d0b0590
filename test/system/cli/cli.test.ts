/** The real CLI over a real socket: start, serve, persist, stop. */
import { describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, startCli } from '../../helpers/cli.ts';

const start = startCli;
const run = runCli;

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

describe('the CLI', () => {
  it('serves the starter scenario on the port it prints, and stops with 0 on SIGTERM', async () => {
    const { child, base, line } = await start([]);
    expect(line).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
    const health = await (await fetch(`${base}/__admin/health`)).json();
    expect(health).toMatchObject({ status: 'ok', scenario: 'starter' });
    const manifest = await (await fetch(`${base}/__admin/reset`, { method: 'POST' })).json();
    const orgs = await fetch(`${base}/v1/orgs`, { headers: { authorization: `Bearer ${manifest.tokens.admin}` } });
    expect(orgs.status).toBe(200);
    const done = exited(child);
    child.kill('SIGTERM');
    expect(await done).toBe(0);
  });

  it('follows the listening line with the console URL and where the tokens are (issue 44)', async () => {
    const { base, printed } = await start([]);
    const lines = printed.split('\n');
    expect(lines[1]).toBe(`  console:        ${base}/__admin/ui`);
    expect(lines[2]).toBe(`  tokens and ids: ${base}/__admin/manifest`);
    expect((await fetch(`${base}/__admin/ui`)).status).toBe(200);
    expect((await (await fetch(`${base}/__admin/manifest`)).json()).tokens.admin).toEqual(expect.any(String));
  });

  it('stops with 0 on SIGINT', async () => {
    const { child } = await start(['--scenario', 'empty']);
    const done = exited(child);
    child.kill('SIGINT');
    expect(await done).toBe(0);
  });

  it.each([
    [['--port', 'abc'], '--port'],
    [['--prot', '4010'], '--prot'],
    [['--latency', '-5'], '--latency'],
    [['--scenario', 'no-such-scenario'], 'no-such-scenario'],
    [['--scenarios-dir', '/no/such/folder'], '/no/such/folder'],
  ])('exits 2 with a one-line error for %j', async (args, mention) => {
    const { code, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(mention);
  });

  /** Posts a comment on the handbook as the commenter; answers the status and the new id. */
  async function comment(base: string): Promise<{ status: number; id: string }> {
    const state = await (await fetch(`${base}/__admin/state`)).json();
    const commenter = state.users.find((u: { email: string }) => u.email === 'chidi@acme.test');
    const handbook = state.spaces.find((s: { title: string }) => s.title === 'Employee Handbook');
    const res = await fetch(`${base}/v1/spaces/${handbook.id}/comments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${commenter.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body: { markdown: 'Persisted?' } }),
    });
    return { status: res.status, id: (await res.json()).id };
  }

  it('keeps the state in --data and loads it on restart', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gitbook-mock-')), 'state.json');
    const first = await start(['--data', file]);
    const state = await (await fetch(`${first.base}/__admin/state`)).json();
    state.organizations[0].title = 'Persisted Corp';
    const put = await fetch(`${first.base}/__admin/state`, { method: 'PUT', body: JSON.stringify(state) });
    expect(put.status).toBe(200);
    const made = await comment(first.base);
    expect(made.status).toBe(200);
    const beforeRestart = made.id;
    expect(existsSync(file)).toBe(true);
    const stopped = exited(first.child);
    first.child.kill('SIGTERM');
    await stopped;

    const second = await start(['--data', file]);
    const again = await (await fetch(`${second.base}/__admin/state`)).json();
    expect(again.organizations[0].title).toBe('Persisted Corp');
    // Ids made after a restart never repeat those made before it.
    expect(again.comments.map((c: { id: string }) => c.id)).toContain(beforeRestart);
    const after = await comment(second.base);
    expect(after.status).toBe(200);
    expect(after.id).not.toBe(beforeRestart);
    // Reset still goes back to the scenario the file was made from.
    await fetch(`${second.base}/__admin/reset`, { method: 'POST' });
    const reset = await (await fetch(`${second.base}/__admin/state`)).json();
    expect(reset.organizations[0].title).toBe('Acme Corporation');
  });

  it('delays API responses by --latency', async () => {
    const { base } = await start(['--latency', '300']);
    const t0 = performance.now();
    const res = await fetch(`${base}/v1/orgs`);
    expect(res.status).toBe(401);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(290);
  });
});
