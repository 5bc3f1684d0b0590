/**
 * The server's CPU a request without a socket: requests handed to @hono/node-server's request
 * listener (the one `serve` uses) as Node request objects on a socket that is never connected,
 * answered into a ServerResponse that writes nowhere. So it runs what the server runs for a
 * request (the listener, its Request and Response, its fast path or not, Node's header
 * serialization, the app) and nothing of the network, on one core: steadier than a bench over
 * a socket on a shared machine, and closer to it than `app.request` (which skips the listener).
 *
 *   node --import tsx bench/listener-cpu.ts [requests per round] [rounds]
 *   LISTENER_ONLY=post node --cpu-prof --import tsx bench/listener-cpu.ts   # one operation, profiled
 *
 * Prints, for GET a space, list 20 comments and POST a comment, the fastest round's µs of CPU
 * a request, beside the fair floor (a bare Hono route sending the same bytes) in this process.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { createMock } from '../src/app.ts';

type Listener = ReturnType<typeof getRequestListener>;

/** One request through `listener`; resolves with the status once the answer has ended. */
function send(listener: Listener, method: string, url: string, headers: Record<string, string>, body?: string): Promise<number> {
  const socket = new Socket();
  const incoming = new IncomingMessage(socket);
  incoming.method = method;
  incoming.url = url;
  incoming.httpVersion = '1.1';
  incoming.httpVersionMajor = 1;
  incoming.httpVersionMinor = 1;
  const all = { host: '127.0.0.1:4010', ...headers, ...(body !== undefined && { 'content-length': String(Buffer.byteLength(body)) }) };
  incoming.headers = all;
  incoming.rawHeaders = Object.entries(all).flat();
  if (body !== undefined) incoming.push(body);
  incoming.push(null);
  const outgoing = new ServerResponse(incoming);
  return new Promise((resolve) => {
    const end = outgoing.end.bind(outgoing);
    outgoing.end = ((...args: Parameters<ServerResponse['end']>) => {
      const result = end(...args);
      resolve(outgoing.statusCode);
      return result;
    }) as ServerResponse['end'];
    void listener(incoming, outgoing);
  });
}

async function cpuPerRequest(run: () => Promise<number>, requests: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < requests; i++) {
    const status = await run();
    if (status !== 200 && status !== 201) throw new Error(`answered ${status}`);
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / requests;
}

// The fake socket's close makes Node build an error no real request makes: its stack is not wanted.
Error.stackTraceLimit = 0;
const requests = Number(process.argv[2] ?? 20_000);
const rounds = Number(process.argv[3] ?? 5);
const only = process.env.LISTENER_ONLY;

const mock = createMock();
const { tokens, ids } = mock.runtime.manifest;
const headers = { authorization: `Bearer ${tokens.commenter}`, 'content-type': 'application/json' };
const space = ids.spaces.handbook;
const post = JSON.stringify({ body: { markdown: 'A benchmark comment with a little text in it.' } });
const listener = getRequestListener(mock.app.fetch);
for (let i = 0; i < 25; i++) await send(listener, 'POST', `/v1/spaces/${space}/comments`, headers, post);

const cases: [string, string, string, 'GET' | 'POST'][] = [
  ['GET a space', 'space', `/v1/spaces/${space}`, 'GET'],
  ['list 20 comments', 'comments', `/v1/spaces/${space}/comments?limit=20`, 'GET'],
  ['post a comment', 'post', `/v1/spaces/${space}/comments`, 'POST'],
];
const texts: Record<string, string> = {};
for (const [, name, path, method] of cases) texts[name] = await (await mock.fetch(`http://127.0.0.1:4010${path}`, { method, headers, body: method === 'POST' ? post : undefined })).text();
const JSON_TYPE = { 'content-type': 'application/json' };
const bare = new Hono();
bare.get('/bare/:name', (c) => c.body(texts[c.req.param('name')], 200, JSON_TYPE));
bare.post('/bare/:name', async (c) => {
  await c.req.json();
  return c.body(texts[c.req.param('name')], 201, JSON_TYPE);
});
const floor = getRequestListener(bare.fetch);

for (const [label, name, path, method] of cases) {
  if (only && name !== only) continue;
  const body = method === 'POST' ? post : undefined;
  const viaMock = () => send(listener, method, path, headers, body);
  const viaFloor = () => send(floor, method, `/bare/${name}`, headers, body);
  await cpuPerRequest(viaMock, requests);
  await cpuPerRequest(viaFloor, requests);
  let m = Infinity;
  let f = Infinity;
  for (let round = 0; round < rounds; round++) {
    f = Math.min(f, await cpuPerRequest(viaFloor, requests));
    m = Math.min(m, await cpuPerRequest(viaMock, requests));
  }
  console.log(`${label}: mock ${m.toFixed(1)} µs, floor ${f.toFixed(1)} µs`);
}
