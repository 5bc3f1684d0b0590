/**
 * Speed at scale: the `large` scenario on the real CLI. Load and reset through the admin
 * API, list latencies at 10 connections, and the server's peak memory (VmHWM).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, load, startServer, stats } from './harness.ts';

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function timed(fn: () => Promise<Response>): Promise<number> {
  const t0 = performance.now();
  const res = await fn();
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`admin call answered ${res.status}`);
  return performance.now() - t0;
}

async function adminTimes(): Promise<string[]> {
  const server = await startServer(['bin/gitbook-mock.js', '--port', '0', '--scenario', 'empty']);
  try {
    const loads: number[] = [];
    for (let i = 0; i < 3; i++) loads.push(await timed(() => fetch(`${server.base}/__admin/scenarios/large`, { method: 'POST' })));
    const resets: number[] = [];
    for (let i = 0; i < 10; i++) resets.push(await timed(() => fetch(`${server.base}/__admin/reset`, { method: 'POST' })));
    const l = stats(loads);
    const r = stats(resets);
    return [
      `| load \`large\` (POST /__admin/scenarios/large) | ${loads.length} | median ${fmt(l.median, 0)} ms | max ${fmt(l.max, 0)} ms |`,
      `| reset \`large\` (POST /__admin/reset) | ${resets.length} | median ${fmt(r.median, 1)} ms | max ${fmt(r.max, 1)} ms |`,
    ];
  } finally {
    await server.stop();
  }
}

/** Lists under load on a server started with `large`; then its peak memory. */
async function listTimes(duration: number): Promise<string[]> {
  const server = await startServer(['bin/gitbook-mock.js', '--port', '0', '--scenario', 'large']);
  try {
    const base = server.base;
    const manifest = await (await fetch(`${base}/__admin/reset`, { method: 'POST' })).json();
    const auth = { authorization: `Bearer ${manifest.tokens.admin}` };
    const space = manifest.ids.spaces.busiest;
    const org = manifest.ids.organizations['large-org'];
    const targets = [
      ['a page of 100 comments (50,000 in the space)', `/v1/spaces/${space}/comments?limit=100`],
      ['open comments only, 100 a page', `/v1/spaces/${space}/comments?limit=100&status=open`],
      ['a page of 20 comments', `/v1/spaces/${space}/comments?limit=20`],
      ['members filtered by search', `/v1/orgs/${org}/members?search=son&limit=50`],
      ['change requests by status', `/v1/spaces/${space}/change-requests?status=draft&limit=50`],
    ] as const;
    const rows: string[] = [];
    for (const [label, path] of targets) {
      const check = await fetch(`${base}${path}`, { headers: auth });
      if (check.status !== 200) throw new Error(`${path} answered ${check.status}`);
      const result = await load(label, `${base}${path}`, { headers: auth, duration });
      const failed = result.errors + result.non2xx;
      rows.push(`| ${label} | ${result.requests} | p99 ${fmt(result.p99, 1)} ms | ${fmt(result.rps, 0)} req/s${failed ? `, ${failed} failed` : ''} |`);
    }
    // The floor of this machine: a bare Hono route answering the same pages (100 and 20
    // comments), each run right after the mock's own run of that page, as in the HTTP section.
    const hundred = await (await fetch(`${base}${targets[0][1]}`, { headers: auth })).text();
    const twenty = await (await fetch(`${base}${targets[2][1]}`, { headers: auth })).text();
    const file = join(mkdtempSync(join(tmpdir(), 'bench-')), 'bodies.json');
    writeFileSync(file, `{"hundred":${hundred},"twenty":${twenty}}`);
    const bare = await startServer(['--import', 'tsx', 'bench/bare-server.ts'], { BARE_BODY_FILE: file });
    try {
      const result = await load('bare', `${bare.base}/bare/hundred`, { duration });
      rows.push(`| bare Hono route, the same page of 100 comments (${fmt(hundred.length / 1024, 0)} KB) | ${result.requests} | p99 ${fmt(result.p99, 1)} ms | ${fmt(result.rps, 0)} req/s |`);
      // A page of 20 against the bare route: alternating, best of 3 rounds each.
      let mockBest = 0;
      let bareBest = 0;
      for (let round = 0; round < 3; round++) {
        bareBest = Math.max(bareBest, (await load('bare', `${bare.base}/bare/twenty`, { duration })).rps);
        mockBest = Math.max(mockBest, (await load('mock', `${base}${targets[2][1]}`, { headers: auth, duration })).rps);
      }
      rows.push(
        `| a page of 20 comments against a bare route with the same ${fmt(twenty.length / 1024, 1)} KB, best of 3 rounds each | | ${fmt(mockBest, 0)} / ${fmt(bareBest, 0)} req/s | ${fmt((100 * mockBest) / bareBest, 0)}% (aim ≥ 50%) |`,
      );
    } finally {
      await bare.stop();
    }
    rows.push(`| peak memory of that server (VmHWM) | | ${fmt(peakRssMb(server.child.pid!), 0)} MB | |`);
    return rows;
  } finally {
    await server.stop();
  }
}

export async function largeSpeed(duration: number): Promise<string[]> {
  return [...(await adminTimes()), ...(await listTimes(duration))];
}
