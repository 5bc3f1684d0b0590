/**
 * Sessions (issue 14): creating one (in-process, on `starter` and `large`), the memory an
 * idle forked `large` session adds, the first write of a fork (it copies the index of the
 * tables it writes), and throughput with and without `X-Mock-Session` over the real CLI
 * beside a bare Hono route with the same body, all in the same run.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createMock } from '../src/app.ts';
import { fmt, load, startFloor, startServer, stats, time, type LoadResult } from './harness.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

/** Opens `count` new sessions one by one and times each creation. */
function creation(scenario: string, count: number): string[] {
  const mock = createMock({ scenario });
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    times.push(time(() => mock.sessions.done(mock.sessions.open(`bench-${i}`))));
  }
  const s = stats(times);
  const aim = scenario === 'large' ? 20 : 1;
  return [`| create a session on \`${scenario}\` (ms) | ${count} | median ${fmt(s.median, 3)}, p99 ${fmt(s.p99, 3)}, max ${fmt(s.max, 3)} | ≤ ${aim} ms |`];
}

/** Heap added by idle forked sessions of `large`, per session. */
function idleMemory(count: number): string[] {
  const mock = createMock({ scenario: 'large' });
  const kept: unknown[] = [];
  const before = heapAfterGc();
  for (let i = 0; i < count; i++) {
    const session = mock.sessions.open(`idle-${i}`);
    mock.sessions.done(session);
    kept.push(session);
  }
  const per = (heapAfterGc() - before) / count;
  return [`| heap added by an idle forked \`large\` session | ${count} | ${fmt(per / 1024, 1)} KB | ≤ 1 MB |`];
}

/**
 * The first write of a fork copies the maps of the table it writes (rows stay shared): on
 * `comments`, the largest table of `large`, that is the one slow write of a session.
 */
function firstWrite(): string[] {
  const mock = createMock({ scenario: 'large' });
  const { comments } = mock.runtime.db;
  const commentId = comments.all().next().value!.id;
  const first: number[] = [];
  const second: number[] = [];
  for (let i = 0; i < 20; i++) {
    const rt = mock.sessions.open(`write-${i}`).runtime;
    for (const into of [first, second]) {
      into.push(time(() => rt.store.transaction(() => rt.db.comments.update(commentId, { status: into === first ? 'resolved' : 'open' }))));
    }
  }
  const a = stats(first);
  const b = stats(second);
  return [
    `| first write to \`comments\` in a forked \`large\` session (ms; ${comments.size} rows) | 20 | median ${fmt(a.median, 2)}, max ${fmt(a.max, 2)} | |`,
    `| second write to \`comments\` there (ms) | 20 | median ${fmt(b.median, 3)}, max ${fmt(b.max, 2)} | |`,
  ];
}

/** GET a space over the real CLI: no header, with a header, and the bare route; best of 3 rounds each. */
async function throughput(duration: number): Promise<string[]> {
  const mock = await startServer(['bin/gitbook-mock.js', '--port', '0']);
  try {
    const manifest = await (await fetch(`${mock.base}/__admin/manifest`)).json();
    const auth = { authorization: `Bearer ${manifest.tokens.commenter}` };
    const url = `${mock.base}/v1/spaces/${manifest.ids.spaces.handbook}`;
    const bare = await startFloor({ space: await (await fetch(url, { headers: auth })).text() });
    try {
      const best = (a: LoadResult | undefined, b: LoadResult) => (!a || b.rps > a.rps ? b : a);
      let plain: LoadResult | undefined;
      let session: LoadResult | undefined;
      let bareRun: LoadResult | undefined;
      for (let round = 0; round < 3; round++) {
        bareRun = best(bareRun, await load('bare', `${bare.base}/bare/space`, { duration }));
        plain = best(plain, await load('plain', url, { headers: auth, duration }));
        session = best(session, await load('session', url, { headers: { ...auth, 'x-mock-session': 'bench-session' }, duration }));
      }
      const row = (label: string, r: LoadResult) =>
        `| ${label} | ${fmt(r.rps, 0)} | ${fmt(r.p99, 1)} | ${fmt((100 * r.rps) / bareRun!.rps, 0)}% |${r.errors + r.non2xx ? ` ${r.errors + r.non2xx} failed |` : ''}`;
      return [
        row('bare Hono route, same body', bareRun!),
        row('GET a space, no header (default session)', plain!),
        row('GET a space, `X-Mock-Session: bench-session`', session!),
        `| with header / without | | | **${fmt((100 * session!.rps) / plain!.rps, 0)}%** (aim ≥ 90%) |`,
      ];
    } finally {
      await bare.stop();
    }
  } finally {
    await mock.stop();
  }
}

export async function sessionsSpeed(duration: number): Promise<string[]> {
  const rows = ['| what | sessions | figure | aim |', '|---|---|---|---|'];
  rows.push(...creation('starter', 500), ...creation('large', 50), ...idleMemory(100), ...firstWrite());
  rows.push('', '| over the real CLI, 10 connections | req/s | p99 ms | / bare |', '|---|---|---|---|');
  rows.push(...(await throughput(duration)));
  return rows;
}
