/** Shared pieces of the benchmarks: child servers, load runs and timing statistics. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** Makes this process's fetch ready (its first call loads undici), against a throwaway server. */
export async function warmClient(): Promise<void> {
  const server = createServer((_req, res) => res.end('ready'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await (await fetch(`http://127.0.0.1:${port}/`)).text();
  await new Promise((resolve) => server.close(resolve));
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

/**
 * The floor (bench/bare-server.mjs) in a process of its own, holding `texts`: the exact bytes
 * the mock sent, by name. `/bare/NAME` sends them as they are; `/object/NAME` re-serializes
 * them on every request (the older floor, kept for comparison).
 */
export async function startFloor(texts: Record<string, string>): Promise<Served> {
  const file = join(mkdtempSync(join(tmpdir(), 'bench-')), 'bodies.json');
  writeFileSync(file, JSON.stringify(texts));
  return startServer(['bench/bare-server.mjs'], { BARE_BODY_FILE: file });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Medians of the rounds of one contender: throughput, p99 and the server's CPU a request. */
export interface Rounds {
  rps: number;
  p99: number;
  cpuUs: number;
  failed: number;
}

function summarize(results: LoadResult[]): Rounds {
  return {
    rps: median(results.map((r) => r.rps)),
    p99: median(results.map((r) => r.p99)),
    cpuUs: median(results.map((r) => r.cpuUs ?? NaN)),
    failed: results.reduce((n, r) => n + r.errors + r.non2xx, 0),
  };
}

/**
 * Runs each contender once a round, in turn, for `rounds` rounds (the machine is shared and
 * noisy: alternating spreads a disturbance over all of them), and gives each one's medians.
 */
export async function alternate<K extends string>(rounds: number, contenders: Record<K, () => Promise<LoadResult>>): Promise<Record<K, Rounds>> {
  const results = Object.fromEntries(Object.keys(contenders).map((k) => [k, [] as LoadResult[]])) as Record<K, LoadResult[]>;
  for (let round = 0; round < rounds; round++) {
    for (const key of Object.keys(contenders) as K[]) results[key].push(await contenders[key]());
  }
  return Object.fromEntries(Object.entries<LoadResult[]>(results).map(([k, r]) => [k, summarize(r)])) as Record<K, Rounds>;
}
