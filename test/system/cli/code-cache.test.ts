/**
 * bin/gitbook-mock.js runs dist/cli/main.cjs with V8's code cache (dist/cli/code-cache/): a start
 * without one writes it, a start with one serves the same, and a cache V8 turns down (here bytes
 * that are no cache at all) only costs a compile: the server starts and writes a good one.
 * The CLI runs from a copy of the package's bin/ and dist/cli/ (the rest linked), so the other
 * CLI tests' starts, which write the same cache, do not meet these.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCli as startCopy } from '../../helpers/cli.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const COPY = mkdtempSync(join(tmpdir(), 'gitbook-mock-code-cache-'));
cpSync(join(ROOT, 'bin'), join(COPY, 'bin'), { recursive: true });
mkdirSync(join(COPY, 'dist', 'cli'), { recursive: true });
cpSync(join(ROOT, 'dist', 'cli', 'main.cjs'), join(COPY, 'dist', 'cli', 'main.cjs'));
for (const linked of ['package.json', 'node_modules', 'schemas', 'scenarios', 'fixtures', 'dist/prebuilt', 'dist/admin']) symlinkSync(join(ROOT, linked), join(COPY, linked));
afterAll(() => rmSync(COPY, { recursive: true, force: true }));

const key = createHash('sha256').update(readFileSync(join(COPY, 'dist', 'cli', 'main.cjs'), 'utf8')).digest('hex').slice(0, 32);
const DIR = join(COPY, 'dist', 'cli', 'code-cache');
const CACHE = join(DIR, `${key}-${process.version}-${process.arch}.bin`);

/** Starts the copy's CLI (test/helpers/cli.ts kills it after each test). */
const startCli = () => startCopy([], join(COPY, 'bin', 'gitbook-mock.js'));

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** A start's answer to an API read, the same with the cache or without. */
async function spaceTitle(base: string): Promise<string> {
  const manifest = await (await fetch(`${base}/__admin/manifest`)).json();
  const res = await fetch(`${base}/v1/spaces/${manifest.ids.spaces.handbook}`, { headers: { authorization: `Bearer ${manifest.tokens.reader}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { title: string }).title;
}

describe('the code cache of the CLI', () => {
  it('is written by a start that has none, and a start with it serves the same', async () => {
    expect(existsSync(CACHE)).toBe(false);
    const first = await startCli();
    const before = await spaceTitle(first.base);
    await waitFor(() => existsSync(CACHE));
    expect(existsSync(CACHE)).toBe(true);
    expect(await stop(first.child)).toBe(0);
    const written = statSync(CACHE);
    expect(written.size).toBeGreaterThan(1000);

    const second = await startCli();
    expect(await spaceTitle(second.base)).toBe(before);
    expect(await stop(second.child)).toBe(0);
    // Taken, not turned down: the file was not written again (a new one replaces it).
    expect(statSync(CACHE).ino).toBe(written.ino);
    expect(statSync(CACHE).mtimeMs).toBe(written.mtimeMs);
  });

  it('is written anew when V8 turns the one there down', async () => {
    mkdirSync(DIR, { recursive: true });
    const junk = Buffer.alloc(4096, 7);
    writeFileSync(CACHE, junk);
    const { child, base } = await startCli();
    expect(await spaceTitle(base)).toBe('Employee Handbook');
    await waitFor(() => !readFileSync(CACHE).equals(junk));
    expect(readFileSync(CACHE).equals(junk)).toBe(false);
    expect(await stop(child)).toBe(0);
  });
});
