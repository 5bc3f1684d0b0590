/**
 * What a route gives back: a Response, or a promise of one where a step had to wait (a body to
 * read, a delay, a row's `after` step, an admin call that loads a file). @hono/node-server
 * writes a Response handed back at once on its fast path, and a promise through a slower one
 * (a close listener and a second write path per request: docs/benchmarks.md, issue 25), so the
 * pipeline's steps stay synchronous until one of them has to wait, and only that one awaits.
 * They are plain calls, not callbacks: a closure made for every request is a function V8 sets
 * up on its first call (the lazy-compile step), on every request.
 */
import type { Context } from 'hono';
import type { Exchange } from '../sessions/exchange.ts';
import { sendError } from './send-error.ts';

export type Answer = Response | Promise<Response>;

/** A route as the pipeline runs it: handed its request's context and exchange. */
export type Route = (c: Context, exchange: Exchange) => Answer;

/** What `route` answers, with what it throws or rejects with written as the error answer (server/send-error.ts). */
export function attempt(route: Route, c: Context, exchange: Exchange): Answer {
  try {
    const answer = route(c, exchange);
    return answer instanceof Promise ? answer.catch((error: unknown) => sendError(c, error, exchange)) : answer;
  } catch (error) {
    return sendError(c, error, exchange);
  }
}
