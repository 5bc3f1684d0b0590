/**
 * The API over a real socket (the real CLI) beside a bare Hono route that answers a fixed
 * body of the same size, measured in the same run so that the ratio means something.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, load, startServer, type LoadResult } from './harness.ts';

export async function httpSpeed(duration: number): Promise<string[]> {
  const mock = await startServer(['bin/gitbook-mock.js', '--port', '0']);
  try {
    const manifest = await (await fetch(`${mock.base}/__admin/reset`, { method: 'POST' })).json();
    const auth = { authorization: `Bearer ${manifest.tokens.commenter}` };
    const space = manifest.ids.spaces.handbook;
    const paths = {
      space: `/v1/spaces/${space}`,
      comments: `/v1/spaces/${space}/comments?limit=20`,
    };
    // Enough comments for a full page of 20.
    const post = JSON.stringify({ body: { markdown: 'A benchmark comment with a little text in it.' } });
    for (let i = 0; i < 25; i++) {
      await fetch(`${mock.base}/v1/spaces/${space}/comments`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: post });
    }
    const bodies: Record<string, unknown> = {};
    for (const [name, path] of Object.entries(paths)) {
      const res = await fetch(`${mock.base}${path}`, { headers: auth });
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      bodies[name] = await res.json();
    }
    const created = await fetch(`${mock.base}/v1/spaces/${space}/comments`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: post });
    bodies.post = await created.json();
    const file = join(mkdtempSync(join(tmpdir(), 'bench-')), 'bodies.json');
    writeFileSync(file, JSON.stringify(bodies));
    const bare = await startServer(['--import', 'tsx', 'bench/bare-server.ts'], { BARE_BODY_FILE: file });
    try {
      const pairs: [string, LoadResult, LoadResult][] = [];
      // Rounds alternate bare and mock, and each keeps its best round: the machine is shared
      // and noisy, and the best round is the one least disturbed.
      const best = (a: LoadResult | undefined, b: LoadResult) => (!a || b.rps > a.rps ? b : a);
      const run = async (label: string, mockRun: () => Promise<LoadResult>, bareRun: () => Promise<LoadResult>) => {
        let b: LoadResult | undefined;
        let m: LoadResult | undefined;
        for (let round = 0; round < 3; round++) {
          b = best(b, await bareRun());
          m = best(m, await mockRun());
        }
        pairs.push([label, m!, b!]);
      };
      // Unmeasured first: the CLI compiles the operations' validators in idle time after its
      // listening line (several seconds of CPU on this machine), and both servers' JIT warms up.
      for (const path of Object.values(paths)) await load('warm-up', `${mock.base}${path}`, { headers: auth, duration });
      for (const name of Object.keys(paths)) await load('warm-up', `${bare.base}/bare/${name}`, { duration });
      const m = { pid: mock.child.pid, duration };
      const b = { pid: bare.child.pid, duration };
      await run('GET a space', () => load('mock', `${mock.base}${paths.space}`, { headers: auth, ...m }), () => load('bare', `${bare.base}/bare/space`, b));
      await run('list 20 comments', () => load('mock', `${mock.base}${paths.comments}`, { headers: auth, ...m }), () => load('bare', `${bare.base}/bare/comments`, b));
      await run(
        'post a comment',
        () => load('mock', `${mock.base}/v1/spaces/${space}/comments`, { method: 'POST', headers: auth, body: post, ...m }),
        () => load('bare', `${bare.base}/bare/post`, { method: 'POST', body: post, ...b }),
      );
      // The server's CPU time per request is steadier than throughput on a shared machine:
      // the last column is the bare server's CPU per request over the mock's.
      return pairs.map(([label, m, b]) => {
        const bad = m.errors + m.non2xx;
        const cpu = `${fmt(m.cpuUs!, 0)} / ${fmt(b.cpuUs!, 0)} µs | ${fmt((100 * b.cpuUs!) / m.cpuUs!, 0)}%`;
        return `| ${label} | ${fmt(m.rps, 0)} | ${fmt(m.p99, 1)} | ${fmt(b.rps, 0)} | ${fmt(b.p99, 1)} | ${fmt((100 * m.rps) / b.rps, 0)}% | ${cpu} |${bad ? ` ${bad} failed |` : ''}`;
      });
    } finally {
      await bare.stop();
    }
  } finally {
    await mock.stop();
  }
}
