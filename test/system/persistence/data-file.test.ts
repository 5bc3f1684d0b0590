/**
 * `--data`: a failed save undoes the change and answers 503 (issue 11 item 8); a data file
 * that is not a state makes the CLI exit 2 with one line (item 9).
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestMock } from '../../helpers/mock.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';

const BIN = fileURLToPath(new URL('../../../bin/gitbook-mock.js', import.meta.url));

const tempDir = tempDirs('gitbook-mock-data-');

describe('a failed save under --data', () => {
  it('undoes an API write and answers 503 with the error body; the next save works again', async () => {
    const dir = join(tempDir(), 'gone');
    mkdirSync(dir);
    const t = createTestMock({ dataFile: join(dir, 'state.json') });
    const list = async () => (await t.call('commenter', 'GET', t.path('/v1/spaces/{spaces.handbook}/comments'))).body.items.length;
    const before = await list();
    rmSync(dir, { recursive: true });
    const failed = await t.call('commenter', 'POST', t.path('/v1/spaces/{spaces.handbook}/comments'), { body: { markdown: 'Lost' } });
    expect(failed.status).toBe(503);
    expect(failed.body.error.code).toBe(503);
    expect(failed.body.error.message).toMatch(/could not be saved/);
    expect(await list()).toBe(before);
    mkdirSync(dir);
    const saved = await t.call('commenter', 'POST', t.path('/v1/spaces/{spaces.handbook}/comments'), { body: { markdown: 'Kept' } });
    expect(saved.status).toBe(200);
    expect(await list()).toBe(before + 1);
  });

  it('undoes an admin state import, reset and clock move', async () => {
    const dir = join(tempDir(), 'gone');
    mkdirSync(dir);
    const t = createTestMock({ dataFile: join(dir, 'state.json') });
    const state = (await t.admin('GET', '/__admin/state')).body;
    const clock = (await t.admin('GET', '/__admin/clock')).body;
    rmSync(dir, { recursive: true });
    const changed = structuredClone(state);
    changed.organizations[0].title = 'Never saved';
    expect((await t.admin('PUT', '/__admin/state', changed)).status).toBe(503);
    expect((await t.admin('POST', '/__admin/clock', { advance: 'P1D' })).status).toBe(503);
    expect((await t.admin('POST', '/__admin/scenarios/empty')).status).toBe(503);
    expect((await t.admin('GET', '/__admin/state')).body).toEqual(state);
    expect((await t.admin('GET', '/__admin/clock')).body).toEqual(clock);
    expect((await t.admin('GET', '/__admin/health')).body.scenario).toBe('starter');
  });
});

function run(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BIN, '--port', '0', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    }),
  );
}

describe('a --data file that is not a state', () => {
  it.each([
    ['[]', 'an array'],
    ['null', 'null'],
    ['{"hello":1}', '"scenario"'],
    ['{"scenario":"starter","clock":{"now":"2024-01-01T00:00:00.000Z","frozen":false},"state":[]}', '"state"'],
    ['{"scenario":"starter","clock":{"now":"2024-01-01T00:00:00.000Z","frozen":false},"manifest":{},"state":{"organizations":[{}]}}', 'valid state'],
    ['{"scenario":"starter","clock":{"now":"2024-01-01T00:00:00.000Z","frozen":false},"state":{}}', '"manifest"'],
    ['{not json', 'not JSON'],
  ])('%s exits 2 with one line naming the problem', async (text, problem) => {
    const file = join(tempDir(), 'state.json');
    writeFileSync(file, text);
    const { code, stderr } = await run(['--data', file]);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(problem);
    expect(stderr).toContain(file);
  });
});
