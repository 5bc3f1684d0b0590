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
      await run('GET a space', () => load('mock', `${mock.base}${paths.space}`, { headers: auth, duration }), () => load('bare', `${bare.base}/bare/space`, { duration }));
      await run('list 20 comments', () => load('mock', `${mock.base}${paths.comments}`, { headers: auth, duration }), () => load('bare', `${bare.base}/bare/comments`, { duration }));
      await run(
        'post a comment',
        () => load('mock', `${mock.base}/v1/spaces/${space}/comments`, { method: 'POST', headers: auth, body: post, duration }),
        () => load('bare', `${bare.base}/bare/post`, { method: 'POST', body: post, duration }),
      );
      return pairs.map(([label, m, b]) => {
        const bad = m.errors + m.non2xx;
        return `| ${label} | ${fmt(m.rps, 0)} | ${fmt(m.p99, 1)} | ${fmt(b.rps, 0)} | ${fmt(b.p99, 1)} | ${fmt((100 * m.rps) / b.rps, 0)}% |${bad ? ` ${bad} failed |` : ''}`;
      });
    } finally {
      await bare.stop();
    }
  } finally {
    await mock.stop();
  }
}
