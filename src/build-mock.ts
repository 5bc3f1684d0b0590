/**
 * buildMock builds the whole server from options and a platform (platform.ts); it listens
 * nowhere (see bin.ts). createMock (app.ts) gives it the Node platform, `gitbook-mock/msw` the
 * browser's; nothing here imports Node. Nothing is kept at module level: two apps in one
 * process never share state.
 */
import { Hono, type Context } from 'hono';
import { errors } from './contract/errors.ts';
import { sendError } from './server/send-error.ts';
import { Registrar } from './server/registrar.ts';
import { Pipeline, planOf, routerPlan, type Plan } from './server/pipeline.ts';
import { CachedRouter } from './server/cached-router.ts';
import { registerAdmin } from './admin/routes.ts';
import { adminGate, isLoopbackOrigin } from './admin/access.ts';
import { checkAdminQuery } from './admin/admin-query.ts';
import { Runtime, type AppOptions } from './runtime.ts';
import type { Platform } from './platform.ts';
import { routedOperations, fileRows } from './resources/index.ts';
import { INTEGRATION_ROWS } from './events/fetch-event.ts';
import { INTEGRATION_URLS } from './resources/shared/present-integration.ts';
import { nearMiss } from './faults/near-miss.ts';
import { Sessions } from './sessions/registry.ts';
import { SESSION_HEADER, WARNING_HEADER } from './sessions/exchange.ts';
import { SOURCE_HEADER } from './journal/journal-capture.ts';
import { hasValidSignature, unsignedUrl } from './contract/signed-url.ts';
import { mockEvents, type MockEvents } from './events/mock-events.ts';

export type { AppOptions } from './runtime.ts';

export { MAX_BODY_BYTES } from './contract/operation.ts';

export interface Mock {
  app: Hono;
  /** The default session's runtime (requests without `X-Mock-Session`). */
  runtime: Runtime;
  /** Every session of the app, the default one included. */
  sessions: Sessions;
  /** The app's registrar: rows served inside its pipeline (a test serves rows of its own with it). */
  registrar: Registrar;
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

  const adminToken = runtime.options.adminToken;
  const pipeline = new Pipeline({
    sessions,
    cors: {
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', 'User-Agent', 'X-Requested-With', SESSION_HEADER],
      exposeHeaders: ['Allow', 'Content-Length', SESSION_HEADER, WARNING_HEADER, SOURCE_HEADER],
      maxAgeSeconds: 600,
      // The admin API is a door to everything: only pages served from loopback may call it.
      allows: (origin, path) => !within(path, ADMIN) || isLoopbackOrigin(origin),
    },
    // `user` rows are the registrar's to check: response control answers first, and the token
    // is looked up in the session's tables. `public` rows are anyone's.
    gates: {
      admin: (c) => {
        if (adminGate(c, adminToken) === 'call') checkAdminQuery(c);
      },
      'signed URL': (c) => {
        if (!hasValidSignature(new URL(c.req.url))) throw unsignedUrl();
      },
    },
    unserved: (path) => SURFACES.find(([prefix]) => within(path, prefix))?.[1] ?? ELSEWHERE,
    notFound: (c) => nearMiss(errors.routeNotFound(c.req.method, c.req.path), c.req.method, c.req.path, routedOperations),
    latency: options.latency,
  });
  app.notFound(pipeline.unserved);
  const registrar = new Registrar(app, pipeline);

  const streams = registerAdmin(registrar, sessions);
  platform.routes?.((rows, answer) => registrar.serve(rows, answer));
  registrar.register(routedOperations);
  // The files the API links to, on the request's session (opened by the pipeline).
  registrar.serve(fileRows, (c, row, input, exchange) => row.handle({ ...input, path: c.req.path, body: exchange.text, session: exchange.runtime }));
  // The integration URLs, on the request's session: the integration's answer, noted for the journal.
  registrar.serve(INTEGRATION_ROWS, async (c, row, input, exchange) => {
    exchange.mark(row.operationId, null);
    const answer = await row.handle({ ...input, url: c.req.url, method: c.req.method, headers: c.req.raw.headers, body: exchange.text, session: exchange.runtime });
    exchange.noteAnswer(await answer.clone().text(), Object.fromEntries(answer.headers));
    return answer;
  });

  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => app.fetch(new Request(input, init));
  return { app, runtime, sessions, registrar, fetch, events: mockEvents(() => runtime.events), endStreams: () => streams.endAll() };
}

const ADMIN = '/__admin';
const within = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * The plan of a path no row serves (a 404), by the surface it is under: the API's (and the
 * integration URLs') are journaled in their session; the admin API's keep its gate; elsewhere
 * nothing is checked and no session opens. Every route a row serves has its row's plan.
 */
const API_PLAN = routerPlan(planOf({ operationId: 'unserved', method: 'GET', path: '/v1', status: 404, access: 'user' }));
const SURFACES: readonly (readonly [string, Plan])[] = [
  ['/v1', API_PLAN],
  [INTEGRATION_URLS, API_PLAN],
  [ADMIN, routerPlan(planOf({ operationId: 'unserved', method: 'GET', path: ADMIN, status: 404, access: 'admin' }))],
  ['/__files', routerPlan(planOf({ operationId: 'unserved', method: 'GET', path: '/__files', status: 404, access: 'public' }))],
];
const ELSEWHERE = routerPlan(planOf({ operationId: 'unserved', method: 'GET', path: '/', status: 404, access: 'public', session: 'none' }));
