/**
 * An operation is a row of data: the registrar turns rows into routes. Handlers receive
 * validated input and return data (or a `Reply` naming its status, headers or ready JSON
 * text); they never write responses themselves: the registrar is the one place that does.
 */
import type { Caches } from '../cache/caches.ts';
import type { IdSource } from '../ids.ts';
import type { Machine } from '../state-machine.ts';
import type { UserRecord } from '../store/records.ts';
import type { Tables } from '../store/store.ts';
import type { Validators } from './validators.ts';
import type { LIST_NAME, PageRequest } from './paginate.ts';
import type { RequestTypes } from './request-types.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a row: a scenario user's bearer token (`user`), the admin API's callers
 * (`admin`: loopback or the admin token, admin/access.ts), the holder of a signed URL, anyone.
 */
export const ACCESSES = ['user', 'admin', 'signed URL', 'public'] as const;
export type Access = (typeof ACCESSES)[number];

/**
 * How the registrar reads a row's body: `json` (the API's: no body is `{}`, a content type
 * that is not JSON a 415), `required` (no body is a 400 "body is required"; any content type),
 * `as sent` (the text parsed as it came, any content type), `bytes` (not parsed: the bytes as
 * sent, read by the pipeline one character per byte, for a file row's upload).
 */
export type BodyReading = 'json' | 'required' | 'as sent' | 'bytes';

/**
 * How the pipeline opens the session a request names (`X-Mock-Session`) for a row
 * (server/pipeline.ts): `open` opens it, creating it on first use; `read` does not create it on
 * a read (GET, HEAD): a session that does not exist answers as it would start, from a fork that
 * is not kept, with `X-Mock-Warning` (other methods open it as `open` does); `existing` opens it
 * only if it exists (the list of sessions belongs to none); `none` opens no session.
 */
export type SessionUse = 'open' | 'read' | 'existing' | 'none';

/** The most bytes a request body may have, unless its row says otherwise (`maxBody`). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** What a row's handler is given of its request: path parameters, query and body, read by the registrar. */
export interface RowInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

/**
 * What every row says of itself, an API operation or an admin call: its route, who may call
 * it, its request schemas, its status and answer. The registrar serves rows; the mock's own
 * OpenAPI document (src/openapi/) is written from them, so nothing is described twice.
 */
export interface RouteRow {
  /** The official operationId, or our own name where the official document has none. */
  operationId: string;
  method: Method;
  /** As the seed writes it, with `{param}` placeholders, `/v1` included. */
  path: string;
  /** The success status. 204 and 205 write no body. */
  status: number;
  /** Who may call it, said by every row (`op()` says `user` for the API's operations). */
  access: Access;
  /** One line for the document (the admin calls have one; API rows have their official one). */
  summary?: string;
  /** Schema ids (see schemas/). Path parameters default to non-empty strings. */
  params?: string;
  query?: string;
  body?: string;
  /** How the body is read (`json` when not said). */
  reading?: BodyReading;
  /** Schema id of the success body, for documentation and tests. */
  response?: string;
  /** The success body's content type where it is not JSON (`text/event-stream`), or its types (a row of files), for documentation. */
  responseType?: string | readonly string[];
  /** The most bytes its request body may have (past it: 413 while it streams); `MAX_BODY_BYTES` when not said. */
  maxBody?: number;
  /** How the pipeline opens the request's session (`SessionUse`): `read` for an `admin` row, `open` for the others, when not said. */
  session?: SessionUse;
  /** Whether the session's request journal keeps its requests (and `--latency` delays them): when not said, a `user` row's are. */
  journaled?: boolean;
}

/**
 * Where handlers note the state-machine transitions they apply and refuse: the session's
 * coverage (coverage/coverage.ts) is one. Declared here so that operations know nothing of
 * the session that counts them. A move names its machine (declared beside its rule,
 * `defineMachine`), so a state the machine does not have does not compile.
 */
export interface TransitionNotes {
  /** A transition the current request made; kept only if the request's writes are. */
  transition<From extends string, To extends string>(machine: Machine<From, To, string>, from: NoInfer<From>, to: NoInfer<To>): void;
  /** A move the rule turned down (the request fails). */
  refused<Refused extends string>(machine: Machine<string, string, Refused>, from: NoInfer<Refused>): void;
}

/** What handlers read of the platform (platform.ts gives it): fixture files and the package version. */
export interface HandlerPlatform {
  /** A file of `fixtures/`, or undefined. */
  fixture(name: string): unknown;
  /** This package's version. */
  version(): string;
  /** The validators of `schemas/` (the generic tier checks official bodies with them). */
  validators(): Validators;
  /** The official document's schemas, one file (schemas/official/generic.json), for the generic tier's answers. */
  official(): { $defs: Record<string, Record<string, unknown>> };
}

/**
 * What a handler sees: the request's validated input, the caller, and of its session only
 * what operations use (tables, ids, transition marks, derived values), not the runtime that loads scenarios,
 * saves the data file and keeps the journal. Helpers shared by many operations take
 * `HandlerContext` (any params, query and body); a row's own handler gets its typed params,
 * query and body from `op()`.
 */
/** What a site's visitors did, told by the request that tracked it (not a change of the state): see `happened`. */
export interface VisitorActivity {
  type: 'site_view' | 'page_feedback';
  site: string;
  fields: Record<string, unknown>;
}

/** A task an integration queued for itself (queueIntegrationTask), sent to it as a `task` event. */
export interface IntegrationTask {
  type: 'task';
  integration: string;
  fields: { eventId: string; task: Record<string, unknown> };
}

/** The wall clock's reading, in milliseconds since 1970 (the virtual clock has it: clock.ts). */
export interface WallClock {
  wallMs(): number;
}

export interface HandlerContext<P = unknown, Q = unknown, B = unknown> {
  params: P;
  query: Q;
  body: B;
  /** The authenticated caller. */
  user: UserRecord;
  /** The session's tables; writes made here are rolled back if the handler throws. */
  db: Tables;
  /** The session's id source for new records. */
  ids: IdSource;
  /** Where handlers note the state-machine transitions they apply (and refuse). */
  coverage: TransitionNotes;
  /** The session's store-derived values, kept while the tables they read are unchanged (cache/caches.ts). */
  caches: Caches;
  /** The filler seed the app was started with (`--seed`), for values derived from it. */
  seed: number;
  /** The virtual clock's reading at the start of the request, as ISO text. */
  now: string;
  /**
   * The wall clock, for what leaves the mock to be checked by a receiver's own clock (the expiry
   * of a site API token: auth/site-token.ts); every rule of the mock reads `now`.
   */
  wall: WallClock;
  /** This server's origin, for `urls.location` (for example http://127.0.0.1:4010). */
  origin: string;
  /** What differs between the Node server and the browser build: fixture files, the package version. */
  platform: HandlerPlatform;
  /**
   * What the request tells integrations besides what its writes make (a page view tracked:
   * src/events/), sent once the request's writes are kept. Absent where nothing listens.
   */
  happened?: (VisitorActivity | IntegrationTask)[];
}

/** A handler's answer when the row's status and a JSON body are not all: see `reply` and `jsonReply`. */
export class Reply {
  constructor(
    readonly body: unknown,
    /** Overrides the row's status (for example 204 where nothing was there to remove). */
    readonly status?: number,
    readonly headers: Readonly<Record<string, string>> = {},
    /** The body as ready JSON text (lists of kept JSON items), written as is. */
    readonly json?: string,
    /** A body that is not JSON (an event stream, a file's bytes), or none at all (null) whatever the status. */
    readonly raw?: { text: string | Uint8Array | null; type?: string },
  ) {}
}

/** A body of another content type (`text/event-stream`, bytes of a file), or no body (`text` null) with any status. */
export function rawReply(text: string | Uint8Array | null, type?: string, status?: number, headers: Record<string, string> = {}): Reply {
  return new Reply(undefined, status, headers, undefined, { text, type });
}

/** `body` with a status other than the row's, or with headers (`Location` of a created object). */
export function reply(body: unknown, init: { status?: number; headers?: Record<string, string> }): Reply {
  return new Reply(body, init.status, init.headers);
}

/**
 * A body that is already JSON text (comment lists keep the JSON of their items). The
 * registrar writes it with `c.body`: a Response built by a handler would have to be copied
 * to carry the headers set before it (CORS, session), and @hono/node-server reads a copied
 * body through a web stream (measured: a page of 20 comments at a third of the bare route's
 * throughput, p99 53 ms, where writing the text keeps it above it).
 */
export function jsonReply(json: string): Reply {
  return new Reply(undefined, undefined, {}, json);
}

/** The row's handler as the registrar holds it: any typed handler fits (see `op`). */
type AnyHandle = (ctx: HandlerContext<never, never, never>) => unknown;

export interface Operation extends RouteRow {
  /** Whether the official document has the operation (tests check its response schema). */
  official?: boolean;
  /**
   * Answers without a token too (the published-URL lookups GitBook's renderer makes before it
   * has one); a token that is given must still be known.
   */
  anonymous?: boolean;
  /** What the generic tier (resources/generic/) made of an official operation no hand-written row serves. */
  generic?: string;
  /**
   * A hand-written list whose records are kept as the generic tier keeps its families'
   * (`officialRecords`, family: its path's shape), so that scenarios seed them the same way.
   */
  keepsOfficialRecords?: boolean;
  /**
   * Synchronous, so that a thrown error rolls back every write it made: the registrar
   * refuses an `async` handler when it registers the row, and a returned promise rolls the
   * request back with a 500. A row declared with an `after` step returns `Later` (see `op`).
   */
  handle: AnyHandle;
}

/**
 * A handler's result whose last step is asynchronous: the registrar runs `finish` once the
 * writes are committed, and answers what it gives.
 */
export class Later {
  constructor(readonly finish: () => Promise<unknown>) {}
}

/** A schema id a row may name for its params, query or body: one of the generated `RequestTypes`. */
export type RequestSchemaId = keyof RequestTypes;

/** The names of a path template's `{param}` placeholders: `'/v1/spaces/{spaceId}'` → `'spaceId'`. */
type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;

/**
 * The params of a path template without a params schema: each placeholder a string (the
 * registrar checks it is non-empty). A path the compiler only knows as `string` gives a record.
 * A union of templates (rows built for two prefixes) gives a union.
 */
export type PathParams<Path extends string> = string extends Path ? Record<string, string> : Path extends string ? { [Name in ParamNames<Path>]: string } : never;

/** What the registrar adds to every query: the name of the list a GET walks (paginate.ts). */
export type ListNamed = Pick<PageRequest, typeof LIST_NAME>;

/** The handler's params: the params schema's type, or the path's placeholders. */
export type ParamsOf<Path extends string, Id> = Id extends RequestSchemaId ? RequestTypes[Id] : PathParams<Path>;
/**
 * The handler's query: the query schema's type (any values without one), with the list's name.
 * `& ListNamed` stays inside each branch: with the intersection around the conditional, the
 * compiler measured QueryOf's variance by relating every request type to every other (over
 * seven minutes and 4.6 GB once there were 212 of them); inside, it relates the two indexes.
 */
export type QueryOf<Id> = Id extends RequestSchemaId ? RequestTypes[Id] & ListNamed : Record<string, unknown> & ListNamed;
/** The handler's body: the body schema's type, or unknown without one. */
export type BodyOf<Id> = Id extends RequestSchemaId ? RequestTypes[Id] : unknown;

/** A row as `op` takes it: the schema ids and the path are literal, and name the handler's types; its access `user` unless said. */
export type TypedRow<Path extends string, P, Q, B, R> = Omit<Operation, 'handle' | 'path' | 'params' | 'query' | 'body' | 'access'> & {
  access?: Access;
  path: Path;
  params?: P;
  query?: Q;
  body?: B;
  handle: (ctx: HandlerContext<ParamsOf<Path, P>, QueryOf<Q>, BodyOf<B>>) => R;
  after?: (result: R) => Promise<unknown>;
};

/**
 * A row of an official operation as `officialOp` (resources/engine/operations.ts) takes it: no
 * operationId or method (the official ones); `path` only where the seed spells a parameter
 * otherwise than the official document; `status` where the mock answers another than the
 * official success status; `query`, `body` or `response` where the row checks a part with a
 * schema of the mock's own, or `null` where it checks none. Written out, not as an `Omit` of
 * `TypedRow`: the compiler infers the schema ids of a mapped type over a generic row slowly
 * (an earlier try ran the whole tree's check past fifteen minutes and 3 GB).
 */
export type OfficialRow<Path extends string, P, Q, B, R> = Omit<Operation, 'operationId' | 'method' | 'path' | 'status' | 'handle' | 'params' | 'query' | 'body' | 'response' | 'access' | 'official'> & {
  access?: Access;
  path?: Path;
  status?: number;
  params?: P;
  query?: Q;
  body?: B;
  response?: string | null;
  // The path comes from the official table or the row's `path`, never from a handler's parameter type.
  handle: (ctx: HandlerContext<ParamsOf<NoInfer<Path>, P>, QueryOf<Q>, BodyOf<B>>) => R;
  after?: (result: R) => Promise<unknown>;
};

/**
 * Declares an operation; its handler's params, query and body have the types of the schemas
 * the row names (src/contract/request-types.ts, generated from schemas/ by
 * `npm run schemas:types`), or of the path's placeholders where there is no params schema.
 * A row naming a schema id that is not a request type does not compile. `after`: an optional
 * asynchronous step on the handler's result once its writes are committed (it gets no
 * context, so it cannot write), for example signing a token with Web Crypto; the handler's
 * result and the step are paired here, so the result keeps its type.
 */
export function op<
  const Path extends string,
  const P extends RequestSchemaId | undefined = undefined,
  const Q extends RequestSchemaId | undefined = undefined,
  const B extends RequestSchemaId | undefined = undefined,
  R = unknown,
>(row: TypedRow<Path, P, Q, B, R>): Operation;
export function op<P, Q, B, R>(
  row: Omit<Operation, 'handle' | 'access'> & { access?: Access; handle: (ctx: HandlerContext<P, Q, B>) => R; after?: (result: R) => Promise<unknown> },
): Operation {
  const { after, handle, access = 'user', ...rest } = row;
  return { ...rest, access, handle: withAfter(handle, after) };
}

/**
 * A handler followed by its row's `after` step (see `op`): the step runs on the result once the
 * registrar has committed the writes. A row declared without one keeps its handler as it is.
 */
export function withAfter<R>(handle: (ctx: HandlerContext<never, never, never>) => R, after: ((result: R) => Promise<unknown>) | undefined): AnyHandle {
  // An async handler stays as it is, for the registrar to refuse when it registers the row.
  if (!after || handle.constructor.name === 'AsyncFunction') return handle;
  return (ctx) => {
    const result = handle(ctx);
    // A promise is refused by the registrar (its writes roll back): it is not wrapped.
    return result instanceof Promise ? result : new Later(() => after(result));
  };
}

/**
 * What the handler of a row built at run time gets (the engine's families, the generic tier of
 * the official document): schema ids known only then, so params are strings and the query's
 * values unknown until the handler checks them; `page`, `limit` and `order` are the official
 * lists' paging, read by paginate.
 */
export type RuntimeContext = HandlerContext<Record<string, string>, PageRequest & Record<string, unknown>, unknown>;

/** Declares a row whose schema ids are worked out at run time (see `RuntimeContext`); its access `user` unless said. */
export function runtimeOp(row: Omit<Operation, 'handle' | 'access'> & { access?: Access; handle: (ctx: RuntimeContext) => unknown }): Operation {
  return { ...row, access: row.access ?? 'user' };
}
