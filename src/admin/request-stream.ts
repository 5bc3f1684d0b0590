/**
 * `GET /__admin/requests/stream`: the session's request journal as Server-Sent Events, so the
 * console shows requests as they come instead of asking every second. Hono's streamSSE writes
 * the events (hono/streaming, no Node module).
 *
 * Events: `entries`, whose data is a JSON array of journal items (as GET /__admin/requests
 * lists them): first every item the journal holds, then the new ones, gathered for at most
 * BATCH_MS so a burst of thousands of requests a second is a few events; `cleared` when the
 * journal was emptied (DELETE /__admin/requests, a scenario load, a reset). A comment line
 * every PING_MS keeps proxies from closing a quiet stream. The console reads it with fetch
 * (EventSource cannot send the session header or the admin token).
 */
import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { LogEvent, RequestLog } from '../journal/request-log.ts';

const BATCH_MS = 100;
const PING_MS = 15_000;

/** The streams open now, so a server that stops can end them (see `endAll`). */
export class RequestStreams {
  /** Each open stream's end: it stops listening and lets Hono close the stream. */
  private readonly open = new Set<() => void>();

  /** Ends every open stream (the server is stopping: an open stream would hold it). */
  endAll(): void {
    for (const end of [...this.open]) end();
  }

  /** The response of `GET /__admin/requests/stream`: `log` as events, written by Hono's streamSSE. */
  answer(c: Context, log: RequestLog): Response {
    return streamSSE(c, (stream) => this.serve(stream, log));
  }

  /** Streams `log` until the client goes or `endAll`; Hono closes the stream when this resolves. */
  private serve(stream: SSEStreamingApi, log: RequestLog): Promise<void> {
    return new Promise((resolve) => {
      let cursor = 0;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let writing = Promise.resolve();
      // Writes go one after the other: an event is never cut by another.
      const write = (text: string) => (writing = writing.then(() => stream.write(text)).then(() => {}, end));
      const send = (event: string, data: string) => write(`event: ${event}\ndata: ${data}\n\n`);
      const flush = () => {
        timer = undefined;
        const items = log.list({ after: cursor });
        const last = items.at(-1);
        if (!last) return;
        cursor = last.seq;
        send('entries', JSON.stringify(items));
      };
      const unsubscribe = log.subscribe((event: LogEvent) => {
        if (event === 'added') {
          timer ??= setTimeout(flush, BATCH_MS);
          return;
        }
        clearTimeout(timer);
        timer = undefined;
        send('cleared', '{}');
      });
      const ping = setInterval(() => write(': ping\n\n'), PING_MS);
      // A stream alone does not keep a process (a test run, a stopping CLI) alive.
      (ping as { unref?: () => void }).unref?.();
      let ended = false;
      function end(): void {
        if (ended) return;
        ended = true;
        unsubscribe();
        clearTimeout(timer);
        clearInterval(ping);
        open.delete(end);
        // After what was queued: the last entries reach the client before the stream closes.
        void writing.finally(resolve);
      }
      const open = this.open;
      open.add(end);
      stream.onAbort(end);
      const items = log.list();
      cursor = items.at(-1)?.seq ?? cursor;
      send('entries', JSON.stringify(items));
    });
  }
}
