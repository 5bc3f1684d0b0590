/**
 * The API over a real socket (the real CLI, `starter`) against the floor: a bare Hono route in
 * a process of its own sending the very bytes the mock sent (bench/bare-server.mjs), with the
 * load generator in this, third, process. The floor is sent the very request the mock is, its
 * bearer token included: Node parses every header of a request before any route runs (the
 * token header alone cost the floor about 4 µs of CPU a request), so a floor spared it would do
 * less work than the server it is the floor of. Rounds alternate the floor, the mock, the floor
 * sent no token (the floor of earlier figures, kept for comparison) and the older
 * object-serializing floor; each figure is the median of its rounds.
 */
import { alternate, fmt, load, startFloor, startServer, type Rounds } from './harness.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS_HTTP ?? 3);

export async function httpSpeed(duration: number): Promise<string[]> {
  const mock = await startServer(['bin/gitbook-mock.js', '--port', '0']);
  try {
    const manifest = await (await fetch(`${mock.base}/__admin/reset`, { method: 'POST' })).json();
    const auth = { authorization: `Bearer ${manifest.tokens.commenter}` };
    const space = manifest.ids.spaces.handbook;
    const paths = { space: `/v1/spaces/${space}`, comments: `/v1/spaces/${space}/comments?limit=20` };
    const commentsPath = `/v1/spaces/${space}/comments`;
    // Enough comments for a full page of 20.
    const post = JSON.stringify({ body: { markdown: 'A benchmark comment with a little text in it.' } });
    const posting = { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: post };
    for (let i = 0; i < 25; i++) await (await fetch(`${mock.base}${commentsPath}`, posting)).arrayBuffer();
    const texts: Record<string, string> = {};
    for (const [name, path] of Object.entries(paths)) {
      const res = await fetch(`${mock.base}${path}`, { headers: auth });
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      texts[name] = await res.text();
    }
    // Every created comment has its own id, but the same length: one of them stands for all.
    texts.post = await (await fetch(`${mock.base}${commentsPath}`, posting)).text();
    const floor = await startFloor(texts);
    try {
      // Unmeasured first: the CLI compiles the operations' validators in idle time after its
      // listening line, and both servers' JIT warms up, on every request measured below (the
      // POST too: its first 3-5 s cost the mock 200-230 µs of CPU a request, 130-150 after).
      for (const path of Object.values(paths)) await load('warm-up', `${mock.base}${path}`, { headers: auth, duration });
      const posted = { method: 'POST', body: post, headers: auth, duration } as const;
      await load('warm-up', `${mock.base}${commentsPath}`, posted);
      for (const name of Object.keys(texts)) await load('warm-up', `${floor.base}/bare/${name}`, name === 'post' ? posted : { duration });
      const m = { pid: mock.child.pid, duration };
      const f = { pid: floor.child.pid, duration };
      const rows: string[] = [];
      const measure = async (label: string, aim: number, name: string, path: string, method: 'GET' | 'POST' = 'GET') => {
        const body = method === 'POST' ? post : undefined;
        const r = await alternate(ROUNDS, {
          floor: () => load('floor', `${floor.base}/bare/${name}`, { method, body, headers: auth, ...f }),
          mock: () => load('mock', `${mock.base}${path}`, { method, body, headers: auth, ...m }),
          tokenless: () => load('floor, no token', `${floor.base}/bare/${name}`, { method, body, ...f }),
          object: () => load('object', `${floor.base}/object/${name}`, { method, body, headers: auth, ...f }),
        });
        rows.push(row(label, aim, r));
      };
      await measure('GET a space', 0.6, 'space', paths.space);
      await measure('list 20 comments', 0.5, 'comments', paths.comments);
      await measure('post a comment', 0.4, 'post', commentsPath, 'POST');
      return rows;
    } finally {
      await floor.stop();
    }
  } finally {
    await mock.stop();
  }
}

/** One operation's row: the mock beside the fair floor (and the tokenless and object floors), with the aim. */
export function row(label: string, aim: number, r: { floor: Rounds; mock: Rounds; tokenless?: Rounds; object?: Rounds }): string {
  const ratio = r.mock.rps / r.floor.rps;
  const failed = r.mock.failed + r.floor.failed + (r.tokenless?.failed ?? 0) + (r.object?.failed ?? 0);
  const beside = (other: Rounds | undefined) => (other ? `${fmt(other.rps, 0)} | ${fmt(r.mock.rps / other.rps, 2)}` : '|');
  return (
    `| ${label} | ${fmt(r.mock.rps, 0)} | ${fmt(r.mock.p99, 1)} | ${fmt(r.floor.rps, 0)} | ${fmt(r.floor.p99, 1)} | ` +
    `**${fmt(ratio, 2)}** (aim ≥ ${aim}, ${ratio >= aim ? 'met' : 'not met'}) | ${beside(r.tokenless)} | ${beside(r.object)} | ` +
    `${fmt(r.mock.cpuUs, 0)} / ${fmt(r.floor.cpuUs, 0)}${r.tokenless ? ` / ${fmt(r.tokenless.cpuUs, 0)}` : ''} µs |${failed ? ` ${failed} failed |` : ''}`
  );
}

export const HTTP_HEADER = [
  '| operation | mock req/s | mock p99 ms | floor req/s | floor p99 ms | mock / floor | floor sent no token, req/s | mock / it | object floor req/s | mock / object floor | server CPU a request, mock / floor / floor sent no token |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
];
