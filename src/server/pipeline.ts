/**
 * The request pipeline: what every route of the app runs inside, as named steps read top to
 * bottom (prism's core runs its steps the same way):
 *
 *   cors → access → body limit → exchange → route → answer → journal
 *
 * What a step does for a request is decided by the row the route serves, through its `Plan`
 * (made once, when the route is made): who may call it (`access`), how large its body may be
 * (`maxBody`), how its session is opened (`session`), whether the journal keeps it
 * (`journaled`), and how its answers are made (`X-Mock-Source`). No step reads a path: a path
 * no row serves takes the plan its surface gives (`unserved`, from build-mock.ts).
 *
 * Access comes before the body: it is decided from the method, path and headers alone, so a
 * refused caller's body is never read (a 200 MB import without the admin token costs nothing:
 * @hono/node-server discards what the client still sends) and no session opens (issue 40).
 *
 * Each step is a plain call and stays synchronous unless it has to wait (server/answer.ts): a
 * GET that waits for nothing gives @hono/node-server a Response, on its fast path. Nothing is
 * put on Hono's context: the exchange is handed to the route as an argument.
 */
import type { Context, Handler } from 'hono';
import { ACCESSES, MAX_BODY_BYTES, type Access, type RouteRow, type SessionUse } from '../contract/operation.ts';
import { Exchange } from '../sessions/exchange.ts';
import type { Sessions } from '../sessions/registry.ts';
import type { Source } from '../journal/journal-capture.ts';
import { attempt, type Answer, type Route } from './answer.ts';
import { cors, type CorsOptions } from './cors.ts';
import { readBodyOf } from './body-limit.ts';
import { sendError } from './send-error.ts';

/** What the steps do for the requests of one route, decided from its row when the route is made. */
export interface Plan {
  readonly access: Access;
  readonly maxBody: number;
  /** The body read as bytes (one character each), not UTF-8 text: the row reads `bytes`. */
  readonly binary: boolean;
  readonly session: SessionUse;
  readonly journaled: boolean;
  /** How its answers are made (`X-Mock-Source`), until response control answers instead. */
  readonly source: Source;
}

/**
 * How the answers of `row` are made (`X-Mock-Source`, journal-capture.ts): the admin API's, an
 * operation of the generic tier (a kept record filled from the official schema, or an object
 * computed for the request), or the session's state.
 */
function sourceOf(row: RouteRow & { generic?: string }): Source {
  if (row.access === 'admin') return 'admin';
  if (row.generic === undefined) return 'state';
  return row.generic === 'computed' ? 'computed' : 'schema';
}

const KNOWN_ACCESS: ReadonlySet<string> = new Set(ACCESSES);

/** The plan of a row's route: what the row says, and the defaults of its access where it says nothing. */
export function planOf(row: RouteRow): Plan {
  if (!KNOWN_ACCESS.has(row.access)) throw new Error(`${row.operationId}: a row names its access (${ACCESSES.join(', ')}); it says ${JSON.stringify(row.access)}`);
  return {
    access: row.access,
    maxBody: row.maxBody ?? MAX_BODY_BYTES,
    binary: row.reading === 'bytes',
    session: row.session ?? (row.access === 'admin' ? 'read' : 'open'),
    journaled: row.journaled ?? row.access === 'user',
    source: sourceOf(row),
  };
}

/** The plan of a route that serves no row of its own (a 405, a 404): `plan`'s, its answers the router's. */
export function routerPlan(plan: Plan): Plan {
  return { ...plan, source: 'router' };
}

/** A check of one kind of access, from the method, path and headers alone: throws the refusal. */
export type Gate = (c: Context) => void;

export interface PipelineOptions {
  sessions: Sessions;
  cors: CorsOptions;
  /** The checks of `admin` and `signed URL` rows; `user` is the registrar's (response control answers first), `public` is anyone's. */
  gates: Readonly<Partial<Record<Access, Gate>>>;
  /** The plan of a path no row serves: its surface's (the admin API's under /__admin, the API's under /v1). */
  unserved(path: string): Plan;
  /** What a path no row serves answers: the error it throws (a 404 naming the nearest route). */
  notFound(c: Context): unknown;
  /** Milliseconds each journaled request waits before its route runs (`--latency`). */
  latency?: number;
}

/** One app's pipeline (build-mock.ts makes it); the registrar (server/registrar.ts) wraps each route it makes in it. */
export class Pipeline {
  readonly #sessions: Sessions;
  readonly #cors: ReturnType<typeof cors>;
  readonly #gates: PipelineOptions['gates'];
  readonly #options: PipelineOptions;
  /** The row of each route handler made for one (test/api/server/row-access.test.ts reads every route of an app). */
  readonly #rows = new Map<Handler, RouteRow>();

  constructor(options: PipelineOptions) {
    this.#options = options;
    this.#sessions = options.sessions;
    this.#cors = cors(options.cors);
    this.#gates = options.gates;
  }

  /** The handler of a route serving `row` (undefined: a 405), `route` run inside the steps as `plan` says. */
  handler(plan: Plan, route: Route, row?: RouteRow): Handler {
    const handler: Handler = (c) => this.run(c, plan, route);
    if (row) this.#rows.set(handler, row);
    return handler;
  }

  /** The row a route handler serves, if it was made for one. */
  rowServedBy(handler: Handler): RouteRow | undefined {
    return this.#rows.get(handler);
  }

  /** The answer to a path no route serves, inside the steps as its surface's plan says. */
  readonly unserved = (c: Context): Answer =>
    this.run(c, this.#options.unserved(c.req.path), () => {
      throw this.#options.notFound(c);
    });

  /** The steps, in order; the exchange ends (its session released) however the request was answered. */
  private run(c: Context, plan: Plan, route: Route): Answer {
    const exchange = new Exchange(c, this.#sessions);
    const preflight = this.#cors(c, c.req.path, exchange);
    if (preflight) return preflight;
    exchange.source = plan.source;
    let answer: Answer;
    try {
      this.access(c, plan);
      const reading = this.bodyLimit(c, plan);
      answer = reading ? reading.then((text) => this.exchange(c, exchange, plan, route, text)) : this.exchange(c, exchange, plan, route, undefined);
    } catch (error) {
      // A refusal before the body was read: @hono/node-server discards what the client still
      // sends (at most 64 MB or half a second) and closes the connection; nothing is kept.
      answer = sendError(c, error, exchange);
    }
    if (answer instanceof Promise) {
      // One step, not `.catch().finally()`: two promises fewer a request that waits (every POST).
      return answer.then(
        (res) => {
          exchange.close();
          return res;
        },
        (error: unknown) => {
          try {
            return sendError(c, error, exchange);
          } finally {
            exchange.close();
          }
        },
      );
    }
    exchange.close();
    return answer;
  }

  /** Access: the gate of the plan's kind of access, before a byte of the body is read. */
  private access(c: Context, plan: Plan): void {
    this.#gates[plan.access]?.(c);
  }

  /** Body limit: the body read once (none for GET, HEAD, OPTIONS), refused past the plan's limit while it streams. */
  private bodyLimit(c: Context, plan: Plan): Promise<string> | undefined {
    return readBodyOf(c, plan.maxBody, plan.binary);
  }

  /** Exchange: the body noted on it, and the request's session opened as the plan says (the one place a request opens one). */
  private exchange(c: Context, exchange: Exchange, plan: Plan, route: Route, text: string | undefined): Answer {
    if (text !== undefined) exchange.received(text);
    exchange.open(plan.session);
    if (!plan.journaled) return route(c, exchange);
    if (this.#options.latency) return new Promise<void>((resolve) => setTimeout(resolve, this.#options.latency)).then(() => this.answer(c, exchange, route));
    return this.answer(c, exchange, route);
  }

  /** Route and answer, for a journaled request: what it throws written as the error answer, then journaled. */
  private answer(c: Context, exchange: Exchange, route: Route): Answer {
    exchange.at = exchange.runtime.clock.iso();
    const res = attempt(route, c, exchange);
    if (res instanceof Promise) return res.then((done) => this.journal(exchange, done));
    return this.journal(exchange, res);
  }

  /** Journal: the exchange, completed, is the entry the session's request journal keeps (the answer as the mock noted it, not read back). */
  private journal(exchange: Exchange, res: Response): Response {
    exchange.runtime.log.add(exchange.answered(res.status));
    return res;
  }
}
