/**
 * `npm run bench [-- section...]`: prints markdown tables for docs/benchmarks.md.
 * Sections: startup (CLI and first createMock), scenarios (load and reset), http (API against a
 * bare route), inprocess (API in-process against a bare app, CPU a request), large (speed at
 * scale), data (`large` with `--data`), sessions (creation, idle memory, header throughput),
 * memory (60-second mixed soak), scaling (three processes behind nginx, docs/scaling.md) and
 * msw (gitbook-mock/msw's browser bundle and its speed in headless Chromium), the last three
 * not in the default run; events (GET a space while events pile up behind a silent receiver);
 * states (two CLIs of one build, one idle before its first load: GET a space's CPU in each), not
 * in the default run.
 */
import { cpus } from 'node:os';
import { scenarioSpeed } from './scenario-speed.ts';
import { HTTP_HEADER, httpSpeed } from './http-speed.ts';
import { inProcessSpeed } from './in-process-speed.ts';
import { largeSpeed } from './large-speed.ts';
import { startupSpeed } from './startup-speed.ts';
import { dataSpeed } from './data-speed.ts';
import { memorySoak } from './memory-soak.ts';
import { sessionsSpeed } from './sessions-speed.ts';
import { scaleNginx } from './scale-nginx.ts';
import { mswSpeed } from './msw-speed.ts';
import { eventsSpeed } from './events-speed.ts';
import { processStateSpeed } from './process-state-speed.ts';

const wanted = new Set(process.argv.slice(2));
const all = wanted.size === 0;
const out: string[] = [];

out.push(`Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown cpu'}), ${new Date().toISOString()}`);

if (all || wanted.has('startup')) {
  out.push('', '### Start-up, each in a fresh process (ms)', '', '| what | runs | median | max | |', '|---|---|---|---|---|');
  out.push(...(await startupSpeed(Number(process.env.BENCH_STARTUP_RUNS ?? 10))));
}

if (all || wanted.has('scenarios')) {
  out.push('', '### Scenario load and reset (in-process, ms)', '', '| what | rounds | median | p99 | max |', '|---|---|---|---|---|');
  out.push(...scenarioSpeed('starter', 200));
  out.push(...scenarioSpeed('empty', 200));
}

if (all || wanted.has('http')) {
  out.push('', '### API over a real socket, 10 connections, against the floor (the same bytes, pre-serialized, from a bare Hono route in its own process); medians of alternating rounds', '', ...HTTP_HEADER);
  out.push(...(await httpSpeed(Number(process.env.BENCH_SECONDS ?? 5))));
}

if (all || wanted.has('inprocess')) {
  out.push('', '### The API in-process against a bare Hono app with the same body, CPU per request (µs)', '', '| operation | mock | bare | bare / mock |', '|---|---|---|---|');
  out.push(...(await inProcessSpeed(Number(process.env.BENCH_ROUNDS ?? 7), Number(process.env.BENCH_REQUESTS ?? 2000))));
}

if (all || wanted.has('large')) {
  out.push('', '### The `large` scenario on the real CLI, 10 connections', '', '| what | runs | figure | |', '|---|---|---|---|');
  out.push(...(await largeSpeed(Number(process.env.BENCH_SECONDS ?? 5))));
}

if (all || wanted.has('data')) {
  out.push('', '### `large` with `--data` on the real CLI', '', '| what | runs | figure | aim |', '|---|---|---|---|');
  out.push(...(await dataSpeed(Number(process.env.BENCH_SECONDS ?? 5))));
}

if (all || wanted.has('sessions')) {
  out.push('', '### Sessions (`X-Mock-Session`): creation, idle memory, throughput', '');
  out.push(...(await sessionsSpeed(Number(process.env.BENCH_SECONDS ?? 5))));
}

if (wanted.has('scaling')) {
  out.push('', '### Three processes behind nginx, hashing X-Mock-Session', '');
  out.push(...(await scaleNginx(Number(process.env.BENCH_SECONDS ?? 5))));
}

if (wanted.has('msw')) {
  out.push('', '### gitbook-mock/msw: the browser bundle, and the mock in headless Chromium', '');
  out.push(...(await mswSpeed(Number(process.env.BENCH_MSW_RUNS ?? 10), Number(process.env.BENCH_MSW_REQUESTS ?? 200))));
}

if (all || wanted.has('events')) {
  out.push('', '### Events: GET a space over the real CLI while events pile up for a receiver that never answers; medians of alternating rounds', '');
  out.push(...(await eventsSpeed(Number(process.env.BENCH_SECONDS ?? 5), Number(process.env.BENCH_ROUNDS ?? 3))));
}

if (wanted.has('states')) {
  out.push('', '### One build, two speeds: GET a space on two CLIs of the same build, server CPU a request (µs), alternating rounds', '', '| server | rounds | median |', '|---|---|---|');
  out.push(...(await processStateSpeed(Number(process.env.BENCH_SECONDS ?? 3), Number(process.env.BENCH_ROUNDS ?? 3), Number(process.env.BENCH_IDLE_MS ?? 12_000))));
}

if (wanted.has('memory')) {
  out.push('', '### Memory through a mixed load (GET 20 comments, GET a space, POST a comment)', '', '| what | requests | figure | aim |', '|---|---|---|---|');
  out.push(...(await memorySoak(Number(process.env.BENCH_SOAK_SECONDS ?? 60))));
}

process.stdout.write(`${out.join('\n')}\n`);
