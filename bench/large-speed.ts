/**
 * Speed at scale: the `large` scenario on the real CLI. Load and reset through the admin
 * API, list latencies at 10 connections, and the server's peak memory (VmHWM).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternate, fmt, load, startFloor, startServer, stats, warmClient } from './harness.ts';

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

/**
 * Scenarios that build what `large` builds with other seeds (the same sizes, other rows): a
 * build the server has not made before, each time. Loading `large` after another scenario
 * no longer builds it (the app keeps what it built lately, scenarios/built-scenarios.ts).
 */
function variantsDir(count: number): { dir: string; names: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'large-variants-'));
  const names = Array.from({ length: count }, (_, i) => `large-seed-${i + 1}`);
  names.forEach((name, i) => writeFileSync(join(dir, `${name}.json`), JSON.stringify({ description: `large with seed ${3001 + i}`, extends: 'large', seed: 3001 + i })));
  return { dir, names };
}

export async function adminTimes(): Promise<string[]> {
  const { dir, names } = variantsDir(3);
  // The first load of `large` on a server just started (`empty`), right after its listening
  // line: the build with nothing warm. Three servers, one load each. This process's fetch is
  // made ready first (its first call loads undici: 80-100 ms of the first figure otherwise).
  await warmClient();
  const first: number[] = [];
  for (let i = 0; i < 3; i++) {
    const fresh = await startServer(['bin/gitbook-mock.js', '--port', '0', '--scenario', 'empty']);
    try {
      first.push(await timed(() => fetch(`${fresh.base}/__admin/scenarios/large`, { method: 'POST' })));
    } finally {
      await fresh.stop();
    }
  }
  const server = await startServer(['bin/gitbook-mock.js', '--port', '0', '--scenario', 'empty', '--scenarios-dir', dir]);
  try {
    const load = (name: string) => timed(() => fetch(`${server.base}/__admin/scenarios/${name}`, { method: 'POST' }));
    // Builds on a server that has built `large` before: the variants, each built once.
    await load('large');
    const builds: number[] = [];
    for (const name of names) {
      await load('empty');
      builds.push(await load(name));
    }
    // `large` after another scenario (kept built: the variants took its place, so it is built
    // once more first), then the same load again (a reset).
    await load('large');
    const kept: number[] = [];
    const again: number[] = [];
    for (let i = 0; i < 3; i++) {
      await load('empty');
      kept.push(await load('large'));
      again.push(await load('large'));
    }
    const reset = () => timed(() => fetch(`${server.base}/__admin/reset`, { method: 'POST' }));
    // Right after the loads (their garbage still being collected), then 100 more in a row.
    const resets: number[] = [];
    for (let i = 0; i < 10; i++) resets.push(await reset());
    const steady: number[] = [];
    for (let i = 0; i < 100; i++) steady.push(await reset());
    const f = stats(first);
    const b = stats(builds);
    const k = stats(kept);
    const a = stats(again);
    const r = stats(resets);
    const st = stats(steady);
    const ms = (s: { median: number; max: number }) => `median ${fmt(s.median, 0)} ms, max ${fmt(s.max, 0)} ms`;
    const aim = (value: number, limit: number) => `aim ≤ ${limit} ms: ${value <= limit ? 'met' : 'not met'}`;
    return [
      `| first load of \`large\` on a server just started (builds it; 3 servers) | ${first.length} | ${ms(f)} | ${aim(f.median, 250)} |`,
      `| load a scenario that builds \`large\` with another seed, after another scenario (builds it) | ${builds.length} | ${ms(b)} | ${aim(b.median, 250)} |`,
      `| load \`large\` after another scenario (kept built) | ${kept.length} | ${ms(k)} | ${aim(k.median, 250)} |`,
      `| load \`large\` again while it is loaded | ${again.length} | ${ms(a)} | ${aim(a.median, 250)} |`,
      `| reset \`large\` (POST /__admin/reset), right after the loads | ${resets.length} | median ${fmt(r.median, 1)} ms, max ${fmt(r.max, 1)} ms | aim ≤ 5 ms: ${r.median <= 5 ? 'met' : 'not met'} |`,
      `| ... the next ones in a row | ${steady.length} | median ${fmt(st.median, 1)} ms, p99 ${fmt(st.p99, 1)} ms | aim ≤ 5 ms: ${st.median <= 5 ? 'met' : 'not met'} |`,
    ];
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
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
    // The floor: a bare Hono route in its own process sending the same bytes (a page of 100
    // and of 20 comments) to the same requests (the token included, http-speed.ts says why),
    // in rounds alternating with the mock; medians of the rounds.
    const hundred = await (await fetch(`${base}${targets[0][1]}`, { headers: auth })).text();
    const twenty = await (await fetch(`${base}${targets[2][1]}`, { headers: auth })).text();
    const floor = await startFloor({ hundred, twenty });
    try {
      const m = { pid: server.child.pid, duration, headers: auth };
      const f = { pid: floor.child.pid, duration, headers: auth };
      const pages = [
        [`a page of 100 comments (${fmt(hundred.length / 1024, 0)} KB) against the floor`, 0.5, 'hundred', targets[0][1]],
        [`a page of 20 comments (${fmt(twenty.length / 1024, 1)} KB) against the floor`, 0.5, 'twenty', targets[2][1]],
      ] as const;
      for (const [label, aim, name, path] of pages) {
        const r = await alternate(3, {
          floor: () => load('floor', `${floor.base}/bare/${name}`, f),
          mock: () => load('mock', `${base}${path}`, m),
        });
        const ratio = r.mock.rps / r.floor.rps;
        rows.push(
          `| ${label}, medians of 3 alternating rounds | | ${fmt(r.mock.rps, 0)} / ${fmt(r.floor.rps, 0)} req/s, p99 ${fmt(r.mock.p99, 1)} / ${fmt(r.floor.p99, 1)} ms | **${fmt(ratio, 2)}** (aim ≥ ${aim}, ${ratio >= aim ? 'met' : 'not met'}) |`,
        );
      }
    } finally {
      await floor.stop();
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
