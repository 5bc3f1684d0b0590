/**
 * `--data` at scale (issue 18): the `large` scenario on the real CLI with a data file. POST a
 * comment at 10 connections (each write one journal line), then restart from the file, both
 * after a SIGKILL (snapshot + journal replay) and after a clean exit (compacted snapshot).
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, load, startServer } from './harness.ts';

function peakRssMb(pid: number): number {
  const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  return kb / 1024;
}

async function timedStart(file: string): Promise<{ ms: number; server: Awaited<ReturnType<typeof startServer>> }> {
  const t0 = performance.now();
  const server = await startServer(['bin/gitbook-mock.js', '--port', '0', '--data', file]);
  return { ms: performance.now() - t0, server };
}

export async function dataSpeed(duration: number): Promise<string[]> {
  const file = join(mkdtempSync(join(tmpdir(), 'bench-data-')), 'state.json');
  const rows: string[] = [];
  const t0 = performance.now();
  const first = await startServer(['bin/gitbook-mock.js', '--port', '0', '--scenario', 'large', '--data', file]);
  rows.push(`| first start with \`large\` (writes the 1st snapshot, ${fmt(statSync(file).size / 1e6, 0)} MB) | 1 | ${fmt(performance.now() - t0, 0)} ms | |`);
  const manifest = await (await fetch(`${first.base}/__admin/manifest`)).json();
  const space = manifest.ids.spaces.busiest;
  const post = (seconds: number) =>
    load('post', `${first.base}/v1/spaces/${space}/comments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${manifest.tokens.admin}` },
      body: JSON.stringify({ body: { markdown: 'A comment from the bench' } }),
      duration: seconds,
    });
  const row = (what: string, result: Awaited<ReturnType<typeof load>>, aim: string) => {
    const failed = result.errors + result.non2xx;
    return `| ${what} | ${result.requests} | ${fmt(result.rps, 0)} req/s, p99 ${fmt(result.p99, 1)} ms${failed ? `, ${failed} failed` : ''} | ${aim} |`;
  };
  // The first seconds after a start are slower (the JIT has not yet optimized the request
  // path; the first request of an operation compiles its validators): shown on their own
  // row, then the steady state the aim is about.
  rows.push(row('POST a comment, 10 connections, the first 2 s after the start', await post(2), 'warm-up'));
  rows.push(row('POST a comment, 10 connections, after that', await post(duration), 'aim ≥ 2,000 req/s, p99 ≤ 20 ms'));
  rows.push(`| peak memory of that server (VmHWM) | | ${fmt(peakRssMb(first.child.pid!), 0)} MB | |`);
  const journal = statSync(`${file}.journal`).size;
  await new Promise<void>((done) => {
    first.child.once('exit', () => done());
    first.child.kill('SIGKILL');
  });
  const afterKill = await timedStart(file);
  rows.push(`| restart after SIGKILL (snapshot + ${fmt(journal / 1e6, 1)} MB journal) to the listening line | 1 | ${fmt(afterKill.ms, 0)} ms | aim ≤ 2,000 ms |`);
  await afterKill.server.stop();
  const clean = await timedStart(file);
  rows.push(`| restart after a clean exit (compacted snapshot) to the listening line | 1 | ${fmt(clean.ms, 0)} ms | aim ≤ 2,000 ms |`);
  await clean.server.stop();
  return rows;
}
