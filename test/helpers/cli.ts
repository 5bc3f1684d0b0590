/**
 * The real CLI as a child process, for tests over a real socket: `startCli` waits for the
 * listening line, `runCli` for the exit. Every child started here is killed after each test.
 */
import { afterEach } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/gitbook-mock.js', import.meta.url));
const running: ChildProcess[] = [];

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

export interface StartedCli {
  child: ChildProcess;
  /** `http://127.0.0.1:PORT`, from the listening line. */
  base: string;
  /** The first line the CLI printed. */
  line: string;
  /** Everything the CLI printed up to the listening line's write (the lines printed with it included). */
  printed: string;
}

/** Starts `gitbook-mock --port 0 ...args` (`bin`: another copy's); rejects with its stderr if it exits first. */
export function startCli(args: string[], bin = BIN): Promise<StartedCli> {
  const child = spawn(process.execPath, [bin, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, base: m[1], line: out.split('\n')[0], printed: out });
    });
    child.stderr!.on('data', (chunk) => (err += chunk));
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${err}`)));
  });
}

/** Runs `gitbook-mock ...args` to its exit. */
export function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c) => (stdout += c));
  child.stderr!.on('data', (c) => (stderr += c));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}
