/** The command line: parse flags, build the app, listen, stop cleanly on SIGINT/SIGTERM. */
import { serve } from '@hono/node-server';
import { setFlagsFromString } from 'node:v8';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createMock } from './app.ts';
import { SERVER_TIMEOUTS } from './server/server-timeouts.ts';
import { answerClientErrors } from './server/client-errors.ts';
import { CliError, isLoopbackListen, parseCli, USAGE } from './cli-args.ts';
import { ScenarioError } from './scenarios/catalog.ts';
import { watchLauncher } from './cli/launcher-watch.ts';
import { Activity, warmUp } from './cli/warm-up.ts';
import { HTTP_WARM_REQUESTS, warmHttp } from './cli/http-warm-up.ts';
import { DataFileError } from './persistence/data-file.ts';
import { routedOperations } from './resources/index.ts';
import { listeningLines } from './cli/listening.ts';

// The server's peak memory is mostly old-generation headroom, not live data: V8 lets the old
// generation grow to up to 4 times what the last full collection kept before it collects
// again (on a machine with this much memory). Measured (bench/memory-soak.ts, `starter`, 60 s
// of mixed load at 20 connections): peak RSS 278 MB by default, 189 MB with growth capped
// at 1.3 times; `large` 358 MB and 266 MB. The price, from --trace-gc over 30 s of the same
// load: 11-13 full collections instead of 6-8, 0.3 % more main-thread time in incremental
// marking, throughput within the noise. The flag is read at each collection, so setting it
// once the state is loaded takes effect (set before, it added a full collection to a start of
// `large` from --data); the young generation's size cannot be set this late.
function capHeapGrowth(): void {
  setFlagsFromString('--heap-growing-percent=30');
}

function fail(message: string): never {
  process.stderr.write(`gitbook-mock: ${message.replace(/\s+/g, ' ').trim()}\n`);
  process.exit(2);
}

function main(): void {
  let cli;
  try {
    cli = parseCli(process.argv.slice(2));
  } catch (error) {
    if (error instanceof CliError) fail(`${error.message} (see --help)`);
    throw error;
  }
  if (cli.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!cli.app.adminToken && !isLoopbackListen(cli.host)) {
    process.stderr.write(
      `gitbook-mock: warning: listening on ${cli.host} without --admin-token; the admin API answers loopback only, set --admin-token (or GITBOOK_MOCK_ADMIN_TOKEN) to use it from elsewhere\n`,
    );
  }
  let mock;
  try {
    mock = createMock(cli.app);
  } catch (error) {
    if (error instanceof ScenarioError || error instanceof SyntaxError || error instanceof DataFileError) fail(error.message);
    throw error;
  }
  // Busy, for the warm-up: a request came in the last QUIET_MS (cli/warm-up.ts). (Requests in
  // flight are no measure: a server under load has none between two turns of its event loop.)
  // Noted here rather than by a 'request' listener of the server: a second listener made every
  // request's emit copy its listeners (0.7 µs of GET a space's CPU, perf).
  const activity = new Activity();
  const fetch = (request: Request, env: unknown) => {
    activity.note();
    return mock.app.fetch(request, env);
  };
  const server = serve({ fetch, port: cli.port, hostname: cli.host, serverOptions: { ...SERVER_TIMEOUTS } }, (info: AddressInfo) => {
    const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
    process.stdout.write(listeningLines(`http://${host}:${info.port}`, mock.runtime.scenarioName));
    capHeapGrowth();
    // In this order: Node's own HTTP path, on a throwaway server (cli/http-warm-up.ts says why);
    // faker (its English locale): `large` and any scenario that leaves fields out need it, and
    // loading it was about 35 ms of the first such load (a CPU profile of the CLI loading
    // `large`, issue 25), at a cost of about 7 MB, once; then the validators, the hand-written
    // rows first, then the generic tier's (their set is built on its first step).
    const { filler } = mock.runtime.platform;
    const first = [() => void warmHttp(HTTP_WARM_REQUESTS, () => activity.busy()), ...(filler ? [() => void filler.faker()] : [])];
    // The warm-up starts once nothing has come for a moment after the listening line.
    activity.note();
    warmUp(() => mock.runtime.schemas, routedOperations, () => activity.busy(), first);
  }) as Server;
  server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveTimeout;
  // Node's own refusals (431, 400, 408) carry the error body too.
  answerClientErrors(server);
  server.on('error', (error: NodeJS.ErrnoException) => fail(`cannot listen on ${cli.host}:${cli.port}: ${error.code ?? error.message}`));

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // The console's live journal would hold the server open: it ends first.
    mock.endStreams();
    server.close(() => {
      // Compact on exit: the next start reads one snapshot instead of replaying the journal.
      try {
        mock.runtime.flush();
      } catch (error) {
        process.stderr.write(`gitbook-mock: could not compact the data file: ${(error as Error).message}\n`);
      }
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Started by `npm start` / `npx`: stopping npm stops the server too (see launcher-watch.ts).
  watchLauncher(stop);
}

// The subcommands load only when asked for: the fidelity commands import ajv, which took a
// fifth of the server's start when it loaded with them (scripts/build-cli.ts puts each in a
// chunk of its own).
const subcommand = process.argv[2];
if (subcommand === 'coverage') {
  // A subcommand of its own (src/cli/coverage-command.ts): it reads a running server.
  import('./cli/coverage-command.ts').then(({ runCoverageCommand }) => runCoverageCommand(process.argv.slice(3))).then((code) => process.exit(code));
} else if (subcommand === 'record' || subcommand === 'verify') {
  // Fidelity to the real service (src/cli/fidelity-commands.ts).
  import('./cli/fidelity-commands.ts').then(({ runFidelityCommand }) => runFidelityCommand(subcommand, process.argv.slice(3))).then((code) => process.exit(code));
} else {
  main();
}
