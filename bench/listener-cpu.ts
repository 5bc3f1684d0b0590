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
 *   LISTENER_MOCKS='scratch/new/app.mjs /tmp/before/scratch/old/app.mjs' node --import tsx bench/listener-cpu.ts
 *
 * Prints, for GET a space, list 20 comments and POST a comment, the fastest round's and the
 * median round's µs of CPU a request, beside the fair floor (a bare Hono route sending the same
 * bytes) in this process, and the median over the rounds of the floor's CPU over the mock's. `LISTENER_MOCKS` names the code to measure instead of this checkout's
 * `src/`: modules that export `createMock` (this code and the code before a change, each built
 * into one module two folders below its package, as the CLI's bundle is), all run in this one
 * process, their rounds alternating with the floor's, so that what the host takes it takes from
 * each of them. Past the first module, each one's CPU over the first's in the same round (the
 * median of the rounds, "÷ the first"): on a busy host the figure that moves least.
 */
import { getRequestListener } from '@hono/node-server';
import { floorApp } from './three-requests.ts';
import { listenerContenders, send } from './listener-send.ts';

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

const { contenders, headers, post, cases, texts } = await listenerContenders();
const floor = getRequestListener(floorApp(texts).fetch);
const listeners = contenders.map(([name, mock]) => [name, getRequestListener(mock.app.fetch)] as const);

const median = (values: number[]) => values.slice().sort((a, b) => a - b)[values.length >> 1];
for (const { label, name, path, method } of cases) {
  if (only && name !== only) continue;
  const body = method === 'POST' ? post : undefined;
  const runs: [string, () => Promise<number>][] = [
    ['floor', () => send(floor, method, `/bare/${name}`, headers, body)],
    ...listeners.map(([who, listener]) => [who, () => send(listener, method, path, headers, body)] as [string, () => Promise<number>]),
  ];
  for (const [, run] of runs) await cpuPerRequest(run, requests);
  const samples: number[][] = runs.map(() => []);
  for (let round = 0; round < rounds; round++) {
    // Each round starts with the next contender, so none always follows the same one's garbage.
    for (let k = 0; k < runs.length; k++) {
      const i = (round + k) % runs.length;
      samples[i].push(await cpuPerRequest(runs[i][1], requests));
    }
  }
  // Beside each figure, the floor's CPU over this code's, round by round (the speed aims' measure), its median.
  // Past the first contender, its CPU over the first's in the same round (new code over old), the median of the rounds.
  const figures = runs.map(([who], i) => {
    const paired = i < 2 ? '' : `, ÷ the first ${median(samples[i].map((us, round) => us / samples[1][round])).toFixed(2)}`;
    const ratio = i === 0 ? '' : `, floor / it ${median(samples[i].map((us, round) => samples[0][round] / us)).toFixed(2)}${paired}`;
    return `${who} ${Math.min(...samples[i]).toFixed(1)} µs (median ${median(samples[i]).toFixed(1)}${ratio})`;
  });
  console.log(`${label}: ${figures.join(', ')}`);
}
