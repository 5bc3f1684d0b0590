/**
 * The bytes the server allocates a request, through @hono/node-server's request listener
 * (listener-send.ts), for GET a space, list 20 comments and POST a comment, beside the fair
 * floor: V8's sampling heap profiler, counting what the garbage collector took back too.
 * Unlike CPU time, the figure hardly moves with the host's load, so it tells a change apart
 * on a busy machine; what is allocated is what the collector then spends its time on.
 *
 *   node --import tsx bench/listener-allocations.ts [requests] [top sites]
 *   LISTENER_MOCKS='scratch/new/app.mjs scratch/old/app.mjs' node --import tsx bench/listener-allocations.ts
 *
 * `LISTENER_MOCKS` as in listener-cpu.ts: modules that export `createMock`, each built into one
 * module two folders below its package. With `top` > 0, the allocation sites of each, largest first.
 */
import { Session } from 'node:inspector/promises';
import { getRequestListener } from '@hono/node-server';
import { floorApp } from './three-requests.ts';
import { listenerContenders, send, type Listener } from './listener-send.ts';

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

// The fake socket's close makes Node build an error no real request makes: its stack is not wanted.
Error.stackTraceLimit = 0;
const requests = Number(process.argv[2] ?? 5000);
const top = Number(process.argv[3] ?? 0);
const { contenders, headers, post, cases, texts } = await listenerContenders();
const session = new Session();
session.connect();

/** Bytes allocated a request by `requests` runs of `run`, after as many unmeasured, and the sites that allocated them. */
async function allocations(run: () => Promise<number>): Promise<{ perRequest: number; sites: [string, number][] }> {
  for (let i = 0; i < requests; i++) await run();
  // Every 256 bytes on average, and what the collector took back counted as well.
  await session.post('HeapProfiler.startSampling', { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true } as never);
  for (let i = 0; i < requests; i++) {
    const status = await run();
    if (status !== 200 && status !== 201) throw new Error(`answered ${status}`);
  }
  const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: ProfileNode } };
  const bySite = new Map<string, number>();
  let total = 0;
  const walk = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const site = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
    total += node.selfSize;
    node.children.forEach(walk);
  };
  walk(profile.head);
  const sites = [...bySite].sort((a, b) => b[1] - a[1]).slice(0, top).map(([site, bytes]): [string, number] => [site, bytes / requests]);
  return { perRequest: total / requests, sites };
}

const floor = getRequestListener(floorApp(texts).fetch);
const listeners: [string, Listener][] = contenders.map(([name, mock]) => [name, getRequestListener(mock.app.fetch)]);
for (const { label, name, path, method } of cases) {
  const body = method === 'POST' ? post : undefined;
  const figures: string[] = [];
  for (const [who, listener] of [['floor', floor] as [string, Listener], ...listeners]) {
    const route = who === 'floor' ? `/bare/${name}` : path;
    const { perRequest, sites } = await allocations(() => send(listener, method, route, headers, body));
    figures.push(`${who} ${(perRequest / 1024).toFixed(1)} KB`);
    for (const [site, bytes] of sites) console.log(`  ${who}, ${label}: ${bytes.toFixed(0).padStart(6)} B  ${site}`);
  }
  console.log(`${label}: ${figures.join(', ')} allocated a request`);
}
