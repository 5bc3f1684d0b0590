/** Shared pieces of the benchmarks: child servers, load runs and timing statistics. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Served {
  child: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

/** Starts a child process and waits for its "listening on http://..." line. */
export function startServer(args: string[], env: Record<string, string> = {}): Promise<Served> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const m = /listening on (http:\/\/[\d.:]+)/.exec(out);
      if (m) {
        resolve({
          child,
          base: m[1],
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

export interface LoadResult {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The server's own CPU time (user + system) per request, when its pid was given. */
  cpuUs?: number;
}

/** A process's CPU time so far, in ms (utime + stime of /proc/PID/stat, 10 ms ticks). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export async function load(
  name: string,
  url: string,
  options: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; connections?: number; duration?: number; rate?: number; pid?: number } = {},
): Promise<LoadResult> {
  const cpu0 = options.pid ? cpuMs(options.pid) : 0;
  const result = await autocannon({
    url,
    method: options.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: options.body,
    connections: options.connections ?? 10,
    duration: options.duration ?? 5,
    ...(options.rate && { overallRate: options.rate }),
  });
  return {
    name,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    ...(options.pid && { cpuUs: ((cpuMs(options.pid) - cpu0) * 1000) / result.requests.total }),
  };
}

export function stats(samples: number[]): { median: number; p99: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] };
}

export function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

export const fmt = (n: number, digits = 2) => n.toFixed(digits);
