/**
 * buildMock builds the whole server from options and a platform (platform.ts); it listens
 * nowhere (see bin.ts). createMock (app.ts) gives it the Node platform, `gitbook-mock/msw` the
 * browser's; nothing here imports Node. Nothing is kept at module level: two apps in one
 * process never share state.
 */
import { Hono, type Context, type Next } from 'hono';
import { errors } from './contract/errors.ts';
import { sendError } from './server/send-error.ts';
import { register, registerRows } from './server/registrar.ts';
import { cors } from './server/cors.ts';
import { bodyLimit, MAX_IMPORT_BYTES } from './server/body-limit.ts';
import { CachedRouter } from './server/cached-router.ts';
import { registerAdmin } from './admin/routes.ts';
import { isLoopbackOrigin } from './admin/access.ts';
import { Runtime, type AppOptions } from './runtime.ts';
import type { Platform } from './platform.ts';
import { routedOperations, fileRows } from './resources/index.ts';
import { marks, WARNING_HEADER } from './faults/apply.ts';
import { answerOf, callerOf } from './journal/journal-capture.ts';
import { nearMiss } from './faults/near-miss.ts';
import { Sessions } from './sessions/registry.ts';
import { enterSession, runtimeOf, SESSION_HEADER, withSession } from './sessions/context.ts';
import { mockEvents, type MockEvents } from './events/mock-events.ts';

export type { AppOptions } from './runtime.ts';

export const MAX_BODY_BYTES = 1024 * 1024;
const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>;

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

  app.onError((error, c) => sendError(c, error));
  app.notFound((c) => sendError(c, nearMiss(errors.routeNotFound(c.req.method, c.req.path), c.req.method, c.req.path, routedOperations)));

  const allowCors = cors({
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'User-Agent', 'X-Requested-With', SESSION_HEADER],
    exposeHeaders: ['Allow', 'Content-Length', SESSION_HEADER, WARNING_HEADER],
    maxAgeSeconds: 600,
    // The admin API is a door to everything: only pages served from loopback may call it.
    allows: (origin, path) => !path.startsWith('/__admin') || isLoopbackOrigin(origin),
  });
  const limitBody = bodyLimit((c) => (c.req.method === 'PUT' && c.req.path.replace(/\/+$/, '') === '/__admin/state' ? MAX_IMPORT_BYTES : MAX_BODY_BYTES));

  // API requests run in their session, and the journal is the session's own.
  const api = async (c: Context, next: Next) => {
    const started = performance.now();
    const session = enterSession(c, sessions);
    try {
      const { runtime } = session;
      if (options.latency) await new Promise((resolve) => setTimeout(resolve, options.latency));
      const method = c.req.method;
      // The text is read once: the registrar's own read of the body gets the cached copy.
      const body = method === 'GET' || method === 'OPTIONS' || method === 'HEAD' ? undefined : await c.req.text().catch(() => '');
      const at = runtime.clock.iso();
      await next();
      const { operationId, injected } = marks(c);
      // The answer as the mock wrote it (journal-capture.ts): no second read of the Response.
      const answer = answerOf(c);
      const status = c.res.status;
      runtime.log.add({
        method, url: c.req.url, at, body: body || undefined, status, operationId, injected,
        responseBody: answer?.text,
        responseHeaders: answer?.headers ?? NO_HEADERS,
        ...callerOf(c.req.header('authorization'), runtime.manifest, runtime.db),
        session: session.name,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
      });
    } finally {
      sessions.done(session);
    }
  };
  // One middleware for every request, in this order: CORS, the body limit, then the session
  // (and for the API the journal) of /v1 and /__files paths, as app.use('/v1/*') matched them
  // (the path itself too). Each middleware was a step of Hono's compose on every request: GET
  // a space ran 7 handlers, now 2 (docs/benchmarks.md, issue 18).
  const within = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  const inSession = (c: Context, next: Next) => {
    const path = c.req.path;
    if (within(path, '/v1')) return api(c, next);
    if (within(path, '/__files')) return withSession(c, sessions, next);
    return next();
  };
  // The body limit answers by throwing; what it returns is its next step's (never a Response).
  app.use('*', (c, next) => allowCors(c, () => limitBody(c, () => inSession(c, next)) as Promise<void>));

  const streams = registerAdmin(app, sessions);
  platform.routes?.(app);
  register(app, routedOperations);
  // The files the API links to, on the request's session (opened by the middleware above).
  registerRows(app, fileRows, (c, row, input) => row.handle({ ...input, url: c.req.url, path: c.req.path, session: runtimeOf(c) }));

  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => app.fetch(new Request(input, init));
  return { app, runtime, sessions, fetch, events: mockEvents(() => runtime.events), endStreams: () => streams.endAll() };
}
