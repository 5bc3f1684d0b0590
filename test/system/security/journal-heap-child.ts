/**
 * Run by journal-heap.test.ts as `node --expose-gc --import tsx` (not a test file itself): a
 * mock on a loopback socket receives `count` requests over 4 connections, and the live heap
 * after a full GC is printed before and after, as JSON. Mode `bodies`: refused POST comments
 * with bodies of `size` bytes. Mode `urls`: GETs of `count` different unknown spaces, each URL
 * carrying a query of `size` characters (the socket takes up to 16 KB of request line).
 */
import { getHeapStatistics } from 'node:v8';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createMock } from '../../../src/app.ts';

const mode = process.argv[2];
const [count, size] = process.argv.slice(3).map(Number);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

function liveHeap(): number {
  // The client's own record of each fetch (Node keeps the last 250, URL included) is not the server's.
  performance.clearResourceTimings();
  gc!();
  gc!();
  return getHeapStatistics().used_heap_size;
}

const mock = createMock({ scenario: 'starter' });
const server = await new Promise<Server>((resolve) => {
  const s = serve({ fetch: mock.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
});
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const { ids, tokens } = mock.runtime.manifest;
// One buffer outside the JS heap: each request's body becomes a string of its own only in the server.
const body = new TextEncoder().encode(JSON.stringify({ body: { markdown: 'x'.repeat(Math.max(0, size - 40)) } }));
const pad = 'q'.repeat(size);
let sent = 0;
const send = async () => {
  const n = sent++;
  const res = mode === 'bodies'
    ? await fetch(`${origin}/v1/spaces/${ids.spaces.handbook}/comments`, { method: 'POST', body, headers: { 'content-type': 'application/json' } })
    : await fetch(`${origin}/v1/spaces/no-such-space-${n}?pad=${pad}`, { headers: { authorization: `Bearer ${tokens.admin}` } });
  await res.arrayBuffer();
  const expected = mode === 'bodies' ? 401 : 404;
  if (res.status !== expected) throw new Error(`expected ${expected}, got ${res.status}`);
};

for (let i = 0; i < 8; i++) await send();
mock.runtime.log.clear();
const before = liveHeap();
let left = count;
await Promise.all(Array.from({ length: 4 }, async () => {
  while (left-- > 0) await send();
}));
const after = liveHeap();
const kept = mock.runtime.log.list().length;
// What stays once the journal is forgotten (DELETE /__admin/requests) is held elsewhere.
mock.runtime.log.clear();
const cleared = liveHeap();
server.closeAllConnections();
server.close();
console.log(JSON.stringify({ before, after, grownBytes: after - before, afterClearBytes: cleared - before, kept }));
