/**
 * The one registrar: turns rows into Hono routes, each run inside the app's pipeline
 * (server/pipeline.ts), which it is given. It authenticates, validates path, query and body, runs the
 * handler inside a store transaction, and writes the response. Operations never repeat any of
 * this. Every route is one handler (no middleware around it), and stays synchronous unless a
 * step has to wait (server/answer.ts).
 */
import type { Context, Hono } from 'hono';
import { errors } from '../contract/errors.ts';
import { sendError } from './send-error.ts';
import { check, MAX_NAMED_FIELDS, type Validators } from '../contract/validators.ts';
import { LIST_NAME, listName, type PageRequest } from '../contract/paginate.ts';
import { control, controlled } from '../faults/apply.ts';
import { Later, Reply, type BodyReading, type HandlerContext, type Operation, type RouteRow, type RowInput } from '../contract/operation.ts';
import { planOf, routerPlan, type Pipeline, type Plan } from './pipeline.ts';
import { WARNING_HEADER, type Exchange } from '../sessions/exchange.ts';
import { warningHeader } from '../faults/rules.ts';
import { attempt, type Answer, type Route } from './answer.ts';
import { detach, detachedFrom, SHORT } from '../text/detach.ts';
import { queryOf } from '../text/query.ts';
import { JSON_TYPE, withSource } from '../journal/journal-capture.ts';
import type { UserRecord } from '../store/records.ts';
import type { Store, Tables } from '../store/store.ts';
import { siteTokenCaller, verifySiteToken } from '../auth/site-token.ts';
import { headerOf } from '../contract/request-header.ts';

/** Statuses written without a body (304 only by a fault rule or `Prefer: code=`). */
const NO_BODY = new Set([204, 205, 304]);

/**
 * `/v1/spaces/{spaceId}` → `/v1/spaces/:spaceId`. A `{pagePath}` spans segments (`a/b/c`), as
 * the official page-by-path reads take it; it is always the last segment of its path.
 */
/** Parameters that span segments: a page's path, the path after an integration URL (events/fetch-event.ts). */
const SPANNING = new Set(['pagePath', 'integrationPath']);

export function honoPath(path: string): string {
  // `/v1/` (getApiInformation) is `/v1`: the app is not strict about a trailing slash.
  return path.replace(/(.)\/$/, '$1').replace(/\{(\w+)\}/g, (_, name: string) => (SPANNING.has(name) ? `:${name}{.+}` : `:${name}`));
}

function paramNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

/** Static segments sort before parameters, so `/versions/latest` wins over `/versions/{id}`. */
function specificity(a: RouteRow, b: RouteRow): number {
  const sa = a.path.split('/');
  const sb = b.path.split('/');
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const pa = sa[i].startsWith('{');
    const pb = sb[i].startsWith('{');
    if (pa !== pb) return pa ? 1 : -1;
  }
  // A total order (paths that can match the same request have as many segments).
  return sa.length - sb.length;
}

/** Who calls an anonymous operation without a token. */
const ANONYMOUS: UserRecord = Object.freeze({ id: 'anonymous', displayName: 'Anonymous', email: '', token: '', createdAt: '1970-01-01T00:00:00.000Z' });

/**
 * The caller of a token: a user of the scenario, or the visitor of a site API token
 * (auth/site-token.ts). The token read is noted on the exchange, for the journal's caller.
 */
function authenticate(c: Context, exchange: Exchange, rt: { db: Tables; options: { seed?: number }; clock: { iso(): string } }, op: Operation): UserRecord {
  const header = headerOf(c, 'authorization');
  if (!header && op.anonymous) return ANONYMOUS;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) throw errors.unauthorized();
  const id = rt.db.users.idsBy('token', match[1])[0];
  const user = id ? rt.db.users.get(id) : undefined;
  exchange.identify(match[1], user !== undefined);
  if (user) return user;
  const site = match[1].includes('.') ? verifySiteToken(match[1], rt.options.seed ?? 0, rt.clock.iso()) : undefined;
  if (site) return siteTokenCaller(site);
  throw errors.unauthorized('The bearer token is not known to this server');
}

/** The one reader of a request body, as the row reads it (`BodyReading`, contract/operation.ts): the text the pipeline read, once. */
function readBody(c: Context, exchange: Exchange, reading: BodyReading = 'json'): unknown {
  const text = exchange.text ?? '';
  if (reading === 'json') {
    if (text.trim() === '') return {};
    const type = headerOf(c, 'content-type');
    if (type && !/json/i.test(type)) throw errors.unsupportedMediaType(type.split(';')[0]);
  } else if (reading === 'required' && text.trim() === '') throw errors.badRequest('body is required');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw errors.badRequest(`Malformed JSON body: ${(error as Error).message}`);
  }
}

/** `http://host:port/v1/...` → `http://host:port`, without a full URL parse (a cache key: detached from a long URL). */
function originOf(url: string): string {
  const end = url.indexOf('/', url.indexOf('//') + 2);
  return end === -1 ? url : detachedFrom(url.slice(0, end), url);
}

/**
 * Params and query values are cut from the URL, and a handler may keep them (a slug in a
 * row): from a long URL they are copied, so a row never holds a 16 KB request line behind a
 * short value (text/detach.ts). Short URLs, nearly all, pay nothing.
 */
function detachValues<T extends Record<string, unknown>>(values: T, url: string): T {
  if (url.length <= SHORT) return values;
  const out = values as Record<string, unknown>;
  for (const [key, value] of Object.entries(out)) {
    out[key] = typeof value === 'string' ? detach(value) : Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? detach(v) : v)) : value;
  }
  return values;
}

/**
 * The path parameters of a row, decoded, by name (API operations and the mock's own rows
 * alike): Hono's `param()` of them all goes over the match's keys and stores each under a
 * computed name (about 1 % of the server's CPU samples under GET a space, --cpu-prof), where
 * the row's names are known.
 */
function paramsOf(c: Context, names: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of names) {
    const value = c.req.param(name);
    if (value !== undefined) params[name] = value;
  }
  return params;
}

function checkParams(op: Operation, names: string[], schemas: Validators, params: Record<string, string>): void {
  if (op.params) {
    check(schemas.coercingValidator(op.params), params, 'path');
    return;
  }
  for (const name of names) {
    const value = params[name];
    // An empty id names nothing: the official document sets no minimum length, so it is not a bad request.
    if (!value) throw errors.notFound(`path.${name}`, '');
    if (value.length > 256) throw errors.badRequest(`path.${name} must be a string of at most 256 characters`);
  }
}

/**
 * Refuses a row whose handler is `async` (its writes after an `await` would escape the
 * transaction), and one whose access is not `user`: `register` checks a user's token, the
 * other kinds of access are the pipeline's, for rows served by `Registrar.serve`.
 */
function checkRow(op: Operation): void {
  if (op.access !== 'user') throw new Error(`${op.operationId}: access "${op.access}" is not an API operation's; serve the row with Registrar.serve`);
  if (op.handle.constructor.name === 'AsyncFunction') {
    throw new Error(`${op.operationId}: handlers must be synchronous (put asynchronous work in the row's after step)`);
  }
}

/** Runs the handler; a promise it returns is refused inside the transaction, so its writes roll back. */
function run(op: Operation, ctx: HandlerContext<Record<string, string>, Record<string, unknown>, unknown>): unknown {
  // The schemas checked params, query and body against the types the row declared with op().
  const result = op.handle(ctx as HandlerContext<never, never, never>);
  if (result instanceof Promise) {
    result.catch(() => {});
    throw errors.internal(`${op.operationId} returned a promise; its writes were rolled back`);
  }
  if (result instanceof Response) throw errors.internal(`${op.operationId} returned a Response; return data or a Reply`);
  return result;
}

/** JSON as c.json writes it, with the text and headers noted for the journal (journal-capture.ts). */
function json(c: Context, exchange: Exchange, text: string, status: number, headers: Readonly<Record<string, string>> = JSON_TYPE): Response {
  exchange.noteAnswer(text, headers);
  return exchange.respond(text, status, withSource(headers === JSON_TYPE ? JSON_TYPE : { 'content-type': headers['content-type'] ?? JSON_TYPE['content-type'] }, exchange.source));
}

/**
 * The one place a response of a row is written, API or admin: the row's status or the reply's,
 * its headers, JSON, text or bytes of another type, or no body.
 */
function write(c: Context, exchange: Exchange, rowStatus: number, result: unknown): Response {
  if (!(result instanceof Reply)) {
    if (NO_BODY.has(rowStatus)) return exchange.respond(null, rowStatus, withSource(undefined, exchange.source));
    // A handler that gives nothing (a 201 of no content): no body, and so no JSON content type over an empty one.
    const text = JSON.stringify(result) as string | undefined;
    return text === undefined ? exchange.respond(null, rowStatus, withSource(undefined, exchange.source)) : json(c, exchange, text, rowStatus);
  }
  const status = (result.status ?? rowStatus) as 200;
  for (const [name, value] of Object.entries(result.headers)) exchange.header(name, value);
  // JSON, unless the reply names its content type (a fault rule's answer may).
  const named = Object.keys(result.headers).length ? lowerCased(result.headers) : undefined;
  const headers = named ? (named['content-type'] ? named : { ...named, ...JSON_TYPE }) : JSON_TYPE;
  if (NO_BODY.has(status) || result.raw?.text === null) {
    exchange.noteAnswer(undefined, lowerCased(result.headers));
    return exchange.respond(null, status, withSource(undefined, exchange.source));
  }
  if (result.raw) {
    const type = { 'content-type': result.raw.type ?? 'text/plain; charset=utf-8' };
    const text = result.raw.text!;
    exchange.noteAnswer(typeof text === 'string' ? text : undefined, { ...lowerCased(result.headers), ...type });
    const sent = withSource(type, exchange.source);
    return exchange.respond(text as string | Uint8Array<ArrayBuffer>, status, sent);
  }
  const text = result.json ?? (JSON.stringify(result.body) as string | undefined);
  return text === undefined ? exchange.respond(null, status, withSource(undefined, exchange.source)) : json(c, exchange, text, status, headers);
}

function lowerCased(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}

const NO_QUERY: Record<string, unknown> = Object.freeze({});

/**
 * The name of the list a GET walks, as a function: most GETs are no list, and the digest of
 * the path and the query as it came (before the schema's coercion and defaults) cost 4 % of
 * the server's CPU under GET a space (--cpu-prof).
 */
function listNamer(path: string, query: Record<string, unknown>): () => string {
  const asReceived = Object.keys(query).length === 0 ? NO_QUERY : { ...query };
  let name: string | undefined;
  return () => (name ??= listName(path, asReceived));
}

/**
 * One request of `op` on its session's runtime: response control, then the operation. The
 * row's access (`user`) is checked here, after response control (a fault rule answers whoever
 * calls), against the users of the session's tables.
 */
function answer(c: Context, exchange: Exchange, op: Operation, names: string[]): Answer {
  const rt = exchange.runtime;
  // The browser build loads its body validators on the first operation that needs them.
  const loading = rt.platform.prepare?.(op);
  if (loading) return loading.then(() => answer(c, exchange, op, names));
  exchange.mark(op.operationId, null);
  // Without a Prefer header or a fault rule there is nothing to control (most requests).
  if (!controlled(c, rt.faults)) return perform(c, exchange, op, names);
  return control(c, exchange, op, rt.faults).then((injected) => {
    if (!injected) return perform(c, exchange, op, names);
    return injected instanceof Response ? injected : write(c, exchange, op.status, injected);
  });
}

/**
 * Names the body fields the schema does not name, which were dropped (never stored nor
 * echoed), in `X-Mock-Warning`, after a warning response control set (a `Prefer` part).
 */
function warnDropped(c: Context, exchange: Exchange, dropped: readonly string[]): void {
  const named = dropped.slice(0, MAX_NAMED_FIELDS).join(', ') + (dropped.length > MAX_NAMED_FIELDS ? ` and ${dropped.length - MAX_NAMED_FIELDS} more` : '');
  const before = exchange.responseHeaders[WARNING_HEADER.toLowerCase()];
  const warning = warningHeader([...(before ? [before] : []), `ignored what the request body schema does not name: ${named}`]);
  exchange.header(WARNING_HEADER, warning);
  exchange.noteHeader(WARNING_HEADER, warning);
}

/** What a write's transaction leaves to do once it committed: its undo, its changes and the rows they replaced. */
type Written = ReturnType<Store['tentative']>;

/** The operation itself: its caller, its input checked, its handler run in a transaction, its answer written. */
function perform(c: Context, exchange: Exchange, op: Operation, names: string[]): Answer {
  const rt = exchange.runtime;
  const user = authenticate(c, exchange, rt, op);
  // A new object on every call: the schema may coerce it.
  const params = detachValues(paramsOf(c, names), c.req.url);
  checkParams(op, names, rt.schemas, params);
  const query = detachValues(queryOf(c.req.url), c.req.url);
  if (op.method === 'GET') (query as PageRequest)[LIST_NAME] = listNamer(c.req.path, query);
  if (op.query) check(rt.schemas.coercingValidator(op.query), query, 'query');
  let body: unknown = undefined;
  if (op.body) {
    body = readBody(c, exchange, op.reading);
    check(rt.schemas.bodyValidator(op.body), body, 'body');
    const dropped = rt.schemas.pruneBody(op.body, body);
    if (dropped.length) warnDropped(c, exchange, dropped);
  }
  const ctx: HandlerContext<Record<string, string>, Record<string, unknown>, unknown> = {
    params,
    query,
    body,
    user,
    db: rt.db,
    ids: rt.ids,
    coverage: rt.coverage,
    caches: rt.caches,
    seed: rt.seed,
    now: rt.clock.iso(),
    wall: rt.clock,
    origin: originOf(c.req.url),
    platform: rt.platform,
    happened: [],
  };
  let result: unknown;
  // A write's transaction, kept to save once the coverage is committed (a GET makes none, and allocates nothing for it).
  let written: Written | undefined;
  try {
    if (op.method === 'GET') result = run(op, ctx);
    else {
      written = rt.store.tentative(() => run(op, ctx));
      result = written.result;
    }
    rt.coverage.commit();
  } catch (error) {
    // Transitions count only when the writes that made them are kept.
    rt.coverage.discard();
    throw error;
  }
  if (written) {
    const { changes, before, undo } = written;
    rt.save(changes, undo);
    // Kept (and saved): the events it makes go out now, in commit order (src/events/).
    if (changes.length > 0 || ctx.happened!.length > 0) rt.events.committed(changes, before, ctx, ctx.happened);
  }
  // Through the context, so the headers set before the handler (CORS, session) stay on it.
  if (result instanceof Later) return result.finish().then((finished) => write(c, exchange, op.status, finished));
  return write(c, exchange, op.status, result);
}

/**
 * Turns rows into routes of `app`, each run inside `pipeline` (server/pipeline.ts), which it is
 * given: one per app, made by build-mock.ts, and nothing kept at module level.
 */
export class Registrar {
  constructor(
    readonly app: Hono,
    readonly pipeline: Pipeline,
  ) {}

  /** A route for `row`, inside the pipeline as the row's plan says; a row that does not say who may call it is refused (no access is implicit). */
  private route(row: RouteRow, handler: Route): void {
    this.app.on(row.method, honoPath(row.path), this.pipeline.handler(planOf(row), handler, row));
  }

  /** Routes for `operations`; each request runs on its session's runtime, held by its exchange (sessions/exchange.ts). */
  register(operations: readonly Operation[]): void {
    operations.forEach(checkRow);
    const sorted = [...operations].sort(specificity);
    for (const op of sorted) {
      // Validators compile on an operation's first request (ajv caches them): compiling all of
      // them here made start-up 3× slower. test/unit/contract/schemas/resources.test.ts compiles every schema.
      const names = paramNames(op.path);
      // One handler, with the coverage note in it: a middleware of its own cost a step of
      // Hono's compose on every request (measured under GET a space; docs/benchmarks.md).
      const operate: Route = (c, exchange) => answer(c, exchange, op, names);
      const counted = (exchange: Exchange, res: Response) => {
        exchange.runtime.coverage.operation(op.operationId, res.status);
        return res;
      };
      this.route(op, (c, exchange) => {
        const res = attempt(operate, c, exchange);
        return res instanceof Promise ? res.then((done) => counted(exchange, done)) : counted(exchange, res);
      });
    }
    // A known path with a method it does not have: 405 with the allowed methods, planned as
    // the path's operations are (journaled in their session).
    // Keyed by the path without its parameter names: rows may name a parameter differently.
    const methodsByPath = new Map<string, { path: string; methods: string[]; plan: Plan }>();
    for (const op of sorted) {
      const key = op.path.replace(/\{[^}]+\}/g, '{}');
      const entry = methodsByPath.get(key) ?? { path: honoPath(op.path), methods: [], plan: routerPlan(planOf(op)) };
      if (!entry.methods.includes(op.method)) entry.methods.push(op.method);
      methodsByPath.set(key, entry);
    }
    for (const { path, methods, plan } of methodsByPath.values()) {
      const refuse: Route = (c, exchange) => {
        exchange.header('Allow', methods.join(', '));
        exchange.noteHeader('allow', methods.join(', '));
        throw errors.methodNotAllowed(c.req.method, c.req.path, methods);
      };
      this.app.all(path, this.pipeline.handler(plan, refuse));
    }
  }

  /**
   * Routes for rows that are not API operations (the admin calls, the mock's pages): the
   * registrar reads their input (the body as the row reads it) and refuses what the row's schemas
   * do not accept with a 400 naming the field, then writes what `answer` gives as it writes an API
   * answer. Their bodies are checked strictly: a field the mock's own calls do not know is
   * refused, not dropped (the API's bodies drop it, as the real service ignores it). A `Response`
   * given back is passed on as it is (an event stream Hono writes).
   * The row's access was checked by the pipeline before the route ran, which also opened the
   * session the exchange holds as the row says.
   */
  serve<R extends RouteRow>(rows: readonly R[], answer: (c: Context, row: R, input: RowInput, exchange: Exchange) => unknown): void {
    for (const row of [...rows].sort(specificity)) {
      const names = paramNames(row.path);
      this.route(row, (c, exchange) => {
        const input: RowInput = { params: paramsOf(c, names), query: queryOf(c.req.url), body: undefined };
        // Rows with no input need no session's schemas (the console's page opens without one).
        const schemas = row.params || row.query || row.body ? exchange.runtime.schemas : undefined;
        if (schemas && row.params) check(schemas.coercingValidator(row.params), input.params, 'path');
        if (schemas && row.query) check(schemas.coercingValidator(row.query), input.query, 'query');
        if (schemas && row.body) {
          input.body = readBody(c, exchange, row.reading);
          check(schemas.strictValidator(row.body), input.body, 'body');
        }
        const result = answer(c, row, input, exchange);
        if (result instanceof Promise) return result.then((done) => (done instanceof Response ? done : write(c, exchange, row.status, done)));
        return result instanceof Response ? result : write(c, exchange, row.status, result);
      });
    }
  }
}
