/**
 * buildMock builds the whole server from options and a platform (platform.ts); it listens
 * nowhere (see bin.ts). createMock (app.ts) gives it the Node platform, `gitbook-mock/msw` the
 * browser's; nothing here imports Node. Nothing is kept at module level: two apps in one
 * process never share state.
 */
import { Hono, type Context } from 'hono';
import { errors } from './contract/errors.ts';
import { sendError } from './server/send-error.ts';
import { register, registerRows, sourceOf, usePipeline, type Pipeline } from './server/registrar.ts';
import { attempt, type Answer, type Route } from './server/answer.ts';
import { cors } from './server/cors.ts';
import { bodyLimit, MAX_IMPORT_BYTES } from './server/body-limit.ts';
import { CachedRouter } from './server/cached-router.ts';
import { registerAdmin } from './admin/routes.ts';
import { adminGate, isLoopbackOrigin } from './admin/access.ts';
import { checkAdminQuery } from './admin/admin-query.ts';
import { Runtime, type AppOptions } from './runtime.ts';
import type { Platform } from './platform.ts';
import type { RouteRow } from './contract/operation.ts';
import { routedOperations, fileRows } from './resources/index.ts';
import { INTEGRATION_ROWS } from './events/fetch-event.ts';
import { INTEGRATION_URLS } from './resources/integrations/present.ts';
import { nearMiss } from './faults/near-miss.ts';
import { Sessions } from './sessions/registry.ts';
import { Exchange, SESSION_HEADER, WARNING_HEADER } from './sessions/exchange.ts';
import { SOURCE_HEADER } from './journal/journal-capture.ts';
import { hasValidSignature, unsignedUrl } from './contract/signed-url.ts';
import { mockEvents, type MockEvents } from './events/mock-events.ts';

export type { AppOptions } from './runtime.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

/** What the pipeline's access step let through: an API request (its access is the registrar's), a call, or a console file. */
type Admitted = 'api' | 'call' | 'console file';


export interface Mock {
  app: Hono;
  /** The default session's runtime (requests without `X-Mock-Session`). */
  runtime: Runtime;
  /** Every session of the app, the default one included. */
  sessions: Sessions;
  /** A fetch that serves requests in-process: give `{ fetch }` to the official client as `serviceBinding`. */
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  /** Ends the open streams of the admin API (the console's live journal), so a stopping server can close. */
  endStreams: () => void;
  /** The default session's events to integrations: `await mock.events.next('space_content_updated')`. */
  events: MockEvents;
}

export function buildMock(options: AppOptions, platform: Platform): Mock {
  const runtime = new Runtime(platform, options);
  const sessions = new Sessions(runtime);
  const app = new Hono({ strict: false, router: new CachedRouter() });

  // Only a bug of the pipeline itself reaches this: it catches what its steps and routes throw.
  app.onError((error, c) => sendError(c, error));

  const allowCors = cors({
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'User-Agent', 'X-Requested-With', SESSION_HEADER],
    exposeHeaders: ['Allow', 'Content-Length', SESSION_HEADER, WARNING_HEADER, SOURCE_HEADER],
    maxAgeSeconds: 600,
    // The admin API is a door to everything: only pages served from loopback may call it.
    allows: (origin, path) => !path.startsWith('/__admin') || isLoopbackOrigin(origin),
  });
  const readBody = bodyLimit((c) => (c.req.method === 'PUT' && c.req.path.replace(/\/+$/, '') === '/__admin/state' ? MAX_IMPORT_BYTES : MAX_BODY_BYTES));

  // API requests run in their session, and the journal is the session's own. Their access
  // (`user`) is the registrar's to check: response control answers first, and the token is
  // looked up in the session's tables.
  const api = (c: Context, exchange: Exchange, route: Route): Answer => {
    exchange.open();
    if (options.latency) return new Promise<void>((resolve) => setTimeout(resolve, options.latency)).then(() => journaled(c, exchange, route));
    return journaled(c, exchange, route);
  };
  // The exchange is the journal's entry: the answer as the mock noted it, no second read of the Response.
  const journaled = (c: Context, exchange: Exchange, route: Route): Answer => {
    const runtime = exchange.runtime;
    exchange.at = runtime.clock.iso();
    const res = attempt(route, c, exchange);
    if (res instanceof Promise) return res.then((done) => logged(exchange, done));
    return logged(exchange, res);
  };
  const logged = (exchange: Exchange, res: Response): Response => {
    exchange.runtime.log.add(exchange.answered(res.status));
    return res;
  };
  const adminToken = runtime.options.adminToken;
  // The access of the row the route serves (a path no row serves takes its surface's: the
  // admin API's under /__admin), decided from the method, path and headers alone: the pipeline
  // asks it before a byte of the body is read, so a refused caller's body is never read (a 200
  // MB import from a caller without the admin token costs nothing) and no session opens.
  // API requests (`user`) are the registrar's to check: response control answers first, and
  // the token is looked up in the session's tables.
  const admit = (c: Context, row: RouteRow | undefined, path: string): Admitted => {
    // The integration URLs run in their session and are journaled as the API's requests are.
    if (within(path, '/v1') || within(path, INTEGRATION_URLS)) return 'api';
    switch (row ? row.access : within(path, '/__admin') ? 'admin' : 'public') {
      case 'admin':
        if (adminGate(c, adminToken) === 'console file') return 'console file';
        checkAdminQuery(c);
        break;
      case 'signed URL':
        if (!hasValidSignature(new URL(c.req.url))) throw unsignedUrl();
        break;
      // 'public' rows are anyone's.
    }
    return 'call';
  };
  // Every other request, admitted: the session of the admin calls and the files.
  const surfaces = (c: Context, exchange: Exchange, route: Route, path: string): Answer => {
    if (within(path, '/__files')) {
      exchange.open();
      return route(c, exchange);
    }
    if (!within(path, '/__admin')) return route(c, exchange);
    // An admin read never creates the session it names (issue 27): it answers as the session
    // would start, with a warning. The list of sessions belongs to none: a console left on a
    // session that is gone must still find the others.
    const read = c.req.method === 'GET' || c.req.method === 'HEAD';
    const named = c.req.header(SESSION_HEADER);
    if (read && named !== undefined && !sessions.get(named) && path.replace(/\/+$/, '') === '/__admin/sessions') return route(c, exchange);
    exchange.open(!read);
    return route(c, exchange);
  };
  // What every route runs inside (server/registrar.ts wraps each route in it), in this order:
  // CORS, the access (from the method, path and headers), the body read once (and refused past
  // its limit), then the request's exchange (sessions/exchange.ts), made here once and handed
  // to the route and the journal, with its session opened here and nowhere else. No
  // middleware: a request runs one handler, and a GET that waits for nothing answers
  // synchronously, on @hono/node-server's fast path.
  const within = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  const pipeline: Pipeline = (c, row, route) => {
    const path = c.req.path;
    const exchange = new Exchange(c, sessions);
    const preflight = allowCors(c, path, exchange);
    if (preflight) return preflight;
    exchange.source = sourceOf(row);
    let answer: Answer;
    try {
      const admitted = admit(c, row, path);
      const reading = readBody(c);
      answer = reading ? reading.then((text) => steps(c, exchange, admitted, route, path, text)) : steps(c, exchange, admitted, route, path, undefined);
    } catch (error) {
      // A refusal before the body was read: @hono/node-server discards what the client still
      // sends (at most 64 MB or half a second) and closes the connection; nothing is kept.
      answer = sendError(c, error, exchange);
    }
    // The session released, whatever answered (a refusal included).
    if (answer instanceof Promise) return answer.catch((error: unknown) => sendError(c, error, exchange)).finally(() => exchange.close());
    exchange.close();
    return answer;
  };
  const steps = (c: Context, exchange: Exchange, admitted: Admitted, route: Route, path: string, text: string | undefined): Answer => {
    if (text !== undefined) exchange.received(text);
    if (admitted === 'api') return api(c, exchange, route);
    return admitted === 'console file' ? route(c, exchange) : surfaces(c, exchange, route, path);
  };
  usePipeline(app, pipeline, (c) => nearMiss(errors.routeNotFound(c.req.method, c.req.path), c.req.method, c.req.path, routedOperations));

  const streams = registerAdmin(app, sessions);
  platform.routes?.(app);
  register(app, routedOperations);
  // The files the API links to, on the request's session (opened by the pipeline above).
  registerRows(app, fileRows, (c, row, input, exchange) => row.handle({ ...input, path: c.req.path, session: exchange.runtime }));
  // The integration URLs, on the request's session: the integration's answer, noted for the journal.
  registerRows(app, INTEGRATION_ROWS, async (c, row, input, exchange) => {
    exchange.mark(row.operationId, null);
    const answer = await row.handle({ ...input, url: c.req.url, method: c.req.method, headers: c.req.raw.headers, body: exchange.text, session: exchange.runtime });
    exchange.noteAnswer(await answer.clone().text(), Object.fromEntries(answer.headers));
    return answer;
  });

  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => app.fetch(new Request(input, init));
  return { app, runtime, sessions, fetch, events: mockEvents(() => runtime.events), endStreams: () => streams.endAll() };
}
