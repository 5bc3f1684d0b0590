/**
 * createApp builds the whole server from options; it listens nowhere (see bin.ts).
 * Nothing is kept at module level: two apps in one process never share state.
 */
import { Hono, type Context, type Next } from 'hono';
import { errors } from './http/errors.ts';
import { sendError } from './http/send-error.ts';
import { register } from './http/registrar.ts';
import { cors } from './http/cors.ts';
import { bodyLimit, MAX_IMPORT_BYTES } from './http/body-limit.ts';
import { CachedRouter } from './http/cached-router.ts';
import { registerAdmin } from './admin/routes.ts';
import { registerConsole } from './admin/ui/routes.tsx';
import { registerOpenApi } from './openapi/routes.ts';
import { schemaSources } from './http/schemas.ts';
import { Runtime, type AppOptions } from './runtime.ts';
import { operations, registerExtraRoutes } from './resources/index.ts';
import { marks } from './faults/apply.ts';
import { nearMiss } from './faults/near-miss.ts';
import { Sessions } from './sessions/registry.ts';
import { runtimeOf, SESSION_HEADER, selectSession, withSession } from './sessions/context.ts';

export type { AppOptions } from './runtime.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export interface Mock {
  app: Hono;
  /** The default session's runtime (requests without `X-Mock-Session`). */
  runtime: Runtime;
  /** Every session of the app, the default one included. */
  sessions: Sessions;
  /** A fetch that serves requests in-process: give `{ fetch }` to the official client as `serviceBinding`. */
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
}

export { sendError } from './http/send-error.ts';

export function createMock(options: AppOptions = {}): Mock {
  const runtime = new Runtime(options);
  const sessions = new Sessions(runtime);
  const app = new Hono({ strict: false, router: new CachedRouter() });

  app.onError((error, c) => sendError(c, error));
  app.notFound((c) => sendError(c, nearMiss(errors.routeNotFound(c.req.method, c.req.path), c.req.method, c.req.path, operations)));

  app.use(
    '*',
    cors({
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', 'User-Agent', 'X-Requested-With', SESSION_HEADER],
      exposeHeaders: ['Allow', 'Content-Length', SESSION_HEADER],
      maxAgeSeconds: 600,
    }),
  );
  app.use(
    '*',
    bodyLimit((c) => (c.req.method === 'PUT' && c.req.path.replace(/\/+$/, '') === '/__admin/state' ? MAX_IMPORT_BYTES : MAX_BODY_BYTES)),
  );

  // The session first: the journal is the session's own. One middleware for both: each
  // middleware is a step of Hono's compose on every request (docs/benchmarks.md, issue 18).
  const journal = async (c: Context, next: Next) => {
    const runtime = runtimeOf(c);
    if (options.latency) await new Promise((resolve) => setTimeout(resolve, options.latency));
    const method = c.req.method;
    // The text is read once: the registrar's own read of the body gets the cached copy.
    const body = method === 'GET' || method === 'OPTIONS' || method === 'HEAD' ? undefined : await c.req.text().catch(() => '');
    const at = runtime.clock.iso();
    await next();
    const { operationId, injected } = marks(c);
    runtime.log.add(method, c.req.url, c.res.status, at, body || undefined, operationId, injected);
  };
  app.use('/v1/*', (c, next) => withSession(c, sessions, () => journal(c, next)));
  app.use('/__files/*', selectSession(sessions));

  registerAdmin(app, sessions);
  registerConsole(app);
  registerOpenApi(app, schemaSources);
  register(app, operations);
  registerExtraRoutes(app);

  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => app.fetch(new Request(input, init));
  return { app, runtime, sessions, fetch };
}

/** The Hono app alone (see createMock for its runtime and in-process fetch). */
export function createApp(options: AppOptions = {}): Hono {
  return createMock(options).app;
}
