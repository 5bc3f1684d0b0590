/**
 * Node's own HTTP path, made hot before the server first sits idle: a throwaway server on a
 * loopback port of its own, sent a few hundred requests over kept-alive connections, then
 * closed. It touches nothing of the mock (no session, no journal, no coverage): what it warms
 * is the code every server of the process shares, Node's HTTP parser, streams and
 * `process.nextTick`, and @hono/node-server's.
 *
 * Why: two CLIs of one build served GET a space at 48-52 and 64-66 µs of CPU a request, in
 * the same run, and what set them apart was a few seconds of quiet after the first request and
 * before the first load. In the slow one Node's `process.nextTick` alone was 5-8 % of the CPU
 * against 0.5-0.8 %, and stayed so (`npm run bench -- states`; docs/benchmarks.md, issue 25).
 * A server that had handled 500 or 2,000 requests on such a throwaway server right after its
 * listening line was fast in both cases (the same measure, three runs). The cause inside
 * V8 was not found; this avoids it.
 */
import { request, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

/** Requests sent: 500 were enough in the measure, this leaves room; about 50 ms of CPU. */
export const HTTP_WARM_REQUESTS = 1000;

/** Connections used at once, as a client with a few sockets would. */
const CONNECTIONS = 4;

const BODY = '{"object":"warm-up"}';

/**
 * Sends up to `count` requests to a throwaway server and closes it; stops early once `busy()`
 * says real requests are coming. Resolves with the number answered; never rejects (a port
 * that cannot be had, or any other failure, only means no warm-up).
 */
export function warmHttp(count: number, busy: () => boolean): Promise<number> {
  return new Promise((resolve) => {
    let answered = 0;
    let finished = false;
    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const server = serve(
      { fetch: () => new Response(BODY, { headers: { 'content-type': 'application/json' } }), port: 0, hostname: '127.0.0.1' },
      (info: AddressInfo) => {
        let left = count;
        let running = CONNECTIONS;
        const next = (): void => {
          if (finished) return;
          if (left <= 0 || busy()) {
            if (--running === 0) finish();
            return;
          }
          left--;
          const req = request({ host: '127.0.0.1', port: info.port, path: '/', agent, headers: { accept: 'application/json' } }, (res) => {
            res.resume();
            res.on('end', () => {
              answered++;
              next();
            });
          });
          req.on('error', finish);
          req.end();
        };
        for (let i = 0; i < CONNECTIONS; i++) next();
      },
    );
    server.on('error', finish);
    function finish(): void {
      if (finished) return;
      finished = true;
      agent.destroy();
      server.close(() => resolve(answered));
      if ('closeAllConnections' in server) server.closeAllConnections();
    }
  });
}
