/**
 * The API in-process (`mock.fetch`, no socket) beside a bare Hono app answering the same
 * bodies (`app.request`), as process CPU time per request, best of alternating rounds. On a
 * machine shared with other work this is steadier than throughput over a socket, and it
 * shows what the request path itself costs (validation, store, presenting, caches).
 */
import { Hono } from 'hono';
import { createMock } from '../src/app.ts';
import { fmt } from './harness.ts';

async function cpuPerRequest(fetch: (url: string) => Promise<Response>, url: string, requests: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < requests; i++) {
    const res = await fetch(url);
    await res.text();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / requests;
}

export async function inProcessSpeed(rounds: number, requests: number): Promise<string[]> {
  const mock = createMock();
  const { tokens, ids } = mock.runtime.manifest;
  const headers = { authorization: `Bearer ${tokens.commenter}`, 'content-type': 'application/json' };
  const space = ids.spaces.handbook;
  const base = 'http://127.0.0.1:4010';
  // Enough comments for a full page of 20, as in the HTTP section.
  const post = JSON.stringify({ body: { markdown: 'A benchmark comment with a little text in it.' } });
  for (let i = 0; i < 25; i++) await mock.fetch(`${base}/v1/spaces/${space}/comments`, { method: 'POST', headers, body: post });
  const paths: [string, string, string][] = [
    ['GET a space', 'space', `/v1/spaces/${space}`],
    ['list 20 comments', 'comments', `/v1/spaces/${space}/comments?limit=20`],
  ];
  const bodies: Record<string, unknown> = {};
  for (const [, name, path] of paths) bodies[name] = await (await mock.fetch(`${base}${path}`, { headers })).json();
  const bare = new Hono();
  bare.get('/bare/:name', (c) => c.json(bodies[c.req.param('name')] as object));
  const viaMock = (url: string) => mock.fetch(url, { headers });
  const viaBare = (url: string) => Promise.resolve(bare.request(url));
  const out: string[] = [];
  for (const [label, name, path] of paths) {
    await cpuPerRequest(viaMock, `${base}${path}`, requests);
    await cpuPerRequest(viaBare, `${base}/bare/${name}`, requests);
    let m = Infinity;
    let b = Infinity;
    for (let round = 0; round < rounds; round++) {
      b = Math.min(b, await cpuPerRequest(viaBare, `${base}/bare/${name}`, requests));
      m = Math.min(m, await cpuPerRequest(viaMock, `${base}${path}`, requests));
    }
    out.push(`| ${label} | ${fmt(m, 0)} | ${fmt(b, 0)} | ${fmt((100 * b) / m, 0)}% |`);
  }
  return out;
}
