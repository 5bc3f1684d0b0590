/**
 * The API in-process (`mock.fetch`, no socket) beside a bare Hono app sending the very bytes
 * the mock sent, serialized once (`c.body(text)`, as the HTTP floor), as process CPU time per
 * request, best of alternating rounds. On a
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
    if (res.status !== 200 && res.status !== 201) throw new Error(`${url} answered ${res.status}`);
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
  const paths: [string, string, string, 'GET' | 'POST'][] = [
    ['GET a space', 'space', `/v1/spaces/${space}`, 'GET'],
    ['list 20 comments', 'comments', `/v1/spaces/${space}/comments?limit=20`, 'GET'],
    ['post a comment', 'post', `/v1/spaces/${space}/comments`, 'POST'],
  ];
  const texts: Record<string, string> = {};
  for (const [, name, path, method] of paths) texts[name] = await (await mock.fetch(`${base}${path}`, { method, headers, body: method === 'POST' ? post : undefined })).text();
  const JSON_TYPE = { 'content-type': 'application/json' };
  const bare = new Hono();
  bare.get('/bare/:name', (c) => c.body(texts[c.req.param('name')], 200, JSON_TYPE));
  bare.post('/bare/:name', async (c) => {
    await c.req.json();
    return c.body(texts[c.req.param('name')], 201, JSON_TYPE);
  });
  const out: string[] = [];
  for (const [label, name, path, method] of paths) {
    const init = { method, headers, body: method === 'POST' ? post : undefined };
    const viaMock = (url: string) => mock.fetch(url, init);
    const viaBare = (url: string) => Promise.resolve(bare.request(url, init));
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
