/** `--data` survives `kill -9`: every write the CLI acknowledged is there after a restart. */
import { afterEach, describe, expect, it } from 'vitest';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCli } from '../../helpers/cli.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const start = startCli;

describe('--data under kill -9', () => {
  it('keeps every acknowledged write of a storm cut by SIGKILL, and ignores a torn last line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gitbook-mock-kill-'));
    dirs.push(dir);
    const file = join(dir, 'state.json');
    const first = await start(['--data', file]);
    const state = await (await fetch(`${first.base}/__admin/state`)).json();
    const token = state.users.find((u: { email: string }) => u.email === 'chidi@acme.test').token;
    const space = state.spaces.find((s: { title: string }) => s.title === 'Employee Handbook').id;
    const acknowledged: string[] = [];
    let killed = false;
    const worker = async (n: number) => {
      for (let i = 0; !killed; i++) {
        try {
          const res = await fetch(`${first.base}/v1/spaces/${space}/comments`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ body: { markdown: `storm ${n}-${i}` } }),
          });
          if (res.status === 200) acknowledged.push((await res.json()).id);
        } catch {
          return; // the socket died with the process: this write was never acknowledged
        }
      }
    };
    const storm = Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(worker));
    while (acknowledged.length < 300) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    killed = true;
    await storm;
    // A crash mid-append leaves half a line; the restart must not refuse the file for it.
    appendFileSync(`${file}.journal`, '{"seq":999999,"ids":1,"chan');

    const second = await start(['--data', file]);
    const after = await (await fetch(`${second.base}/__admin/state`)).json();
    const kept = new Set(after.comments.map((c: { id: string }) => c.id));
    const lost = acknowledged.filter((id) => !kept.has(id));
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);
    expect(lost).toEqual([]);
    // Compaction on a clean exit folds the journal into the snapshot.
    const stopped = new Promise((r) => second.child.on('exit', r));
    second.child.kill('SIGTERM');
    await stopped;
    expect(readFileSync(`${file}.journal`, 'utf8')).toBe('');
    const third = await start(['--data', file]);
    const again = await (await fetch(`${third.base}/__admin/state`)).json();
    expect(again.comments.length).toBe(after.comments.length);
  }, 30_000);
});
