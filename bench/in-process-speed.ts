/**
 * The API in-process (`mock.fetch`, no socket) beside a bare Hono app sending the very bytes
 * the mock sent, serialized once (`c.body(text)`, as the HTTP floor), as process CPU time per
 * request, best of alternating rounds. On a
 * machine shared with other work this is steadier than throughput over a socket, and it
 * shows what the request path itself costs (validation, store, presenting, caches).
 */
import { createMock } from '../src/app.ts';
import { fmt } from './harness.ts';
import { BASE, floorApp, threeRequests } from './three-requests.ts';

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
  const { headers, post, cases, texts } = await threeRequests(mock);
  const bare = floorApp(texts);
  const out: string[] = [];
  for (const { label, name, path, method } of cases) {
    const init = { method, headers, body: method === 'POST' ? post : undefined };
    const viaMock = (url: string) => mock.fetch(url, init);
    const viaBare = (url: string) => Promise.resolve(bare.request(url, init));
    await cpuPerRequest(viaMock, `${BASE}${path}`, requests);
    await cpuPerRequest(viaBare, `${BASE}/bare/${name}`, requests);
    let m = Infinity;
    let b = Infinity;
    for (let round = 0; round < rounds; round++) {
      b = Math.min(b, await cpuPerRequest(viaBare, `${BASE}/bare/${name}`, requests));
      m = Math.min(m, await cpuPerRequest(viaMock, `${BASE}${path}`, requests));
    }
    out.push(`| ${label} | ${fmt(m, 0)} | ${fmt(b, 0)} | ${fmt((100 * b) / m, 0)}% |`);
  }
  return out;
}
