/**
 * Issue 11, item 11: `npm start` runs `npm → sh -c → node`. Stopping npm, as CI scripts do
 * (`kill $PID`), must stop the server too, not leave it listening, reparented.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { killTree, launch, stopsListening } from './process-tree.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const started: ChildProcess[] = [];

afterEach(() => {
  for (const child of started.splice(0)) killTree(child);
});

/** Whether process `pid` is gone (or a zombie nobody reaped), polled up to `timeoutMs`. */
async function ends(pid: number, timeoutMs = 5_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe('stopping `npm start`', () => {
  it.each(['SIGTERM', 'SIGKILL'] as const)('with %s stops the server under it', async (signal) => {
    const { child, base } = await launch('npm', ['start', '--silent', '--', '--port', '0', '--scenario', 'empty'], ROOT);
    started.push(child);
    expect((await fetch(`${base}/__admin/health`)).status).toBe(200);
    process.kill(child.pid!, signal); // npm alone, not its process group
    expect(await stopsListening(base)).toBe(true);
  });

  // npm passes SIGINT on to its shell, and the shell (dash) holds it until its command ends:
  // nothing died, so only the shell's wake-up tells (issue 27).
  it('with SIGINT stops the server, and npm ends too', async () => {
    const { child, base } = await launch('npm', ['start', '--silent', '--', '--port', '0', '--scenario', 'empty'], ROOT);
    started.push(child);
    expect((await fetch(`${base}/__admin/health`)).status).toBe(200);
    process.kill(child.pid!, 'SIGINT'); // npm alone, not its process group
    expect(await stopsListening(base)).toBe(true);
    expect(await ends(child.pid!)).toBe(true);
  });

  it('keeps serving while nothing stops it (the shell does not wake on its own)', async () => {
    const { child, base } = await launch('npm', ['start', '--silent', '--', '--port', '0', '--scenario', 'empty'], ROOT);
    started.push(child);
    for (let i = 0; i < 20; i++) expect((await fetch(`${base}/__admin/health`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await fetch(`${base}/__admin/health`)).status).toBe(200);
  });
});
