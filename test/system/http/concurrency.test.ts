/** Writes stay correct under load: many concurrent creates over a real socket all land. */
import { afterAll, describe, expect, it } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createMock } from '../../../src/app.ts';

const servers: ServerType[] = [];
afterAll(() => servers.forEach((s) => s.close()));

function listen(mock: ReturnType<typeof createMock>): Promise<string> {
  return new Promise((resolve) => {
    const server = serve({ fetch: mock.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
    servers.push(server);
  });
}

describe('concurrent writes', () => {
  it('lands 500 concurrent comment creates on one space, with counts and list agreeing', async () => {
    const mock = createMock({ wallClock: () => 0 });
    const base = await listen(mock);
    const { tokens, ids } = mock.runtime.manifest;
    const headers = { authorization: `Bearer ${tokens.commenter}`, 'content-type': 'application/json' };
    const space = ids.spaces.handbook;
    const before = await (await fetch(`${base}/v1/spaces/${space}`, { headers })).json();

    const results = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        fetch(`${base}/v1/spaces/${space}/comments`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ body: { markdown: `Comment number ${i}` } }),
        }).then(async (res) => ({ status: res.status, body: await res.json() })),
      ),
    );
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(500);

    const after = await (await fetch(`${base}/v1/spaces/${space}`, { headers })).json();
    expect(after.comments).toBe(before.comments + 500);

    const seen = new Set<string>();
    let page: string | undefined;
    do {
      const url = `${base}/v1/spaces/${space}/comments?limit=100&status=open${page ? `&page=${page}` : ''}`;
      const list = await (await fetch(url, { headers })).json();
      for (const c of list.items) seen.add(c.id);
      page = list.next?.page;
    } while (page);
    expect(seen.size).toBe(after.comments);
    for (const r of results) expect(seen.has(r.body.id)).toBe(true);
  });
});
