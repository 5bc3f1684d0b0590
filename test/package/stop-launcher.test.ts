/**
 * Issue 11, item 11: `npm start` runs `npm → sh -c → node`. Stopping npm, as CI scripts do
 * (`kill $PID`), must stop the server too, not leave it listening, reparented.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { killTree, launch, stopsListening } from './process-tree.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const started: ChildProcess[] = [];

afterEach(() => {
  for (const child of started.splice(0)) killTree(child);
});

describe('stopping `npm start`', () => {
  it.each(['SIGTERM', 'SIGKILL'] as const)('with %s stops the server under it', async (signal) => {
    const { child, base } = await launch('npm', ['start', '--silent', '--', '--port', '0', '--scenario', 'empty'], ROOT);
    started.push(child);
    expect((await fetch(`${base}/__admin/health`)).status).toBe(200);
    process.kill(child.pid!, signal); // npm alone, not its process group
    expect(await stopsListening(base)).toBe(true);
  });
});
