/**
 * The README's runnable TypeScript snippets, as written there, in a folder made by `npm init -y`
 * with `"type": "module"` added as the README says, run by tsx under node (issue 27). The
 * packages they import are linked from this repository (gitbook-mock itself runs its dist/).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const snippets = [...README.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
const work = mkdtempSync(join(tmpdir(), 'gitbook-mock-readme-'));
/** The user's environment: none of this run's npm or vitest variables. */
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(npm_|VITEST|NODE_OPTIONS$|GITBOOK_MOCK_)/i.test(k)));

/** The one README snippet holding `marker`. */
function snippet(marker: string): string {
  const found = snippets.filter((s) => s.includes(marker));
  expect(found, `README snippets holding ${marker}`).toHaveLength(1);
  return found[0];
}

/** A fresh `npm init -y` folder with "type": "module", the snippet's packages linked in. */
async function folder(): Promise<string> {
  const dir = mkdtempSync(join(work, 'app-'));
  await run('npm', ['init', '-y'], { cwd: dir, env, timeout: 60_000 });
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...pkg, type: 'module' }, null, 2));
  mkdirSync(join(dir, 'node_modules', '@gitbook'), { recursive: true });
  symlinkSync(ROOT, join(dir, 'node_modules', 'gitbook-mock'), 'dir');
  for (const name of ['@gitbook/api', 'msw']) symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
  return dir;
}

/** Runs `code` (a snippet and what the test prints after it) as `file.ts` with tsx. */
async function runSnippet(code: string): Promise<string> {
  const dir = await folder();
  writeFileSync(join(dir, 'file.ts'), code);
  const { stdout } = await run(join(ROOT, 'node_modules', '.bin', 'tsx'), ['file.ts'], { cwd: dir, env, timeout: 60_000 });
  return stdout;
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the README snippets, as written, in an `npm init -y` folder', () => {
  it('the retry test against "fail twice, then succeed" imports what it uses and gets there on attempt 3', async () => {
    const code = snippet('runtime.faults.add(');
    expect(code).toMatch(/^import .* from '@gitbook\/api';$/m);
    const out = await runSnippet(`${code}\nconsole.log(JSON.stringify({ attempt }));\n`);
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({ attempt: 3 });
  }, 90_000);

  it('gitbook-mock/integration serves a createIntegration script that gets the merge of the README scenario', async () => {
    const code = snippet("from 'gitbook-mock/integration'");
    const scenario = [...README.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]).filter((s) => s.includes('"my-app-acme"'));
    expect(scenario).toHaveLength(1);
    const dir = await folder();
    symlinkSync(join(ROOT, 'node_modules', '@gitbook', 'runtime'), join(dir, 'node_modules', '@gitbook', 'runtime'), 'dir');
    writeFileSync(join(dir, 'my-app.json'), scenario[0]);
    writeFileSync(join(dir, 'file.ts'), `${code}\nconsole.log(JSON.stringify({ updated, merged: merged.revision, errors: served.errors.length }));\n`);
    const { stdout } = await run(join(ROOT, 'node_modules', '.bin', 'tsx'), ['file.ts'], { cwd: dir, env, timeout: 60_000 });
    const printed = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(printed).toEqual({ updated: [printed.merged], merged: expect.any(String), errors: 0 });
  }, 90_000);

  it('gitbook-mock/msw under setupServer in Node reads the handbook', async () => {
    const code = snippet('setupServer(...gitbook.handlers)');
    const out = await runSnippet(`${code}\nconsole.log(JSON.stringify({ title: data.title }));\nserver.close();\n`);
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({ title: 'Employee Handbook' });
  }, 90_000);
});
