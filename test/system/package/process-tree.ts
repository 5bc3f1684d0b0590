/** Starting the command people run (`npm start`, `npx gitbook-mock`) as a real process tree. */
import { spawn, type ChildProcess } from 'node:child_process';

export interface Launched {
  child: ChildProcess;
  base: string;
  output: () => string;
}

/** Spawns `command` (its own process group) and waits for the "listening on" line. */
export function launch(command: string, args: string[], cwd: string, timeoutMs = 30_000): Promise<Launched> {
  const child = spawn(command, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line after ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const read = (chunk: Buffer) => {
      out += chunk;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, base: m[1], output: () => out });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited ${code} before listening:\n${out}`));
    });
  });
}

/** True once nothing accepts connections at `base` (polled up to `timeoutMs`). */
export async function stopsListening(base: string, timeoutMs = 5_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      await fetch(`${base}/__admin/health`, { signal: AbortSignal.timeout(500) });
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** Kills what is left of a launched tree (its process group); never throws. */
export function killTree(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}
