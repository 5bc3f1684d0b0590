/**
 * An operation is a row of data: the registrar turns rows into routes. Handlers receive
 * validated input and return data; they never write responses themselves.
 */
import type { Context } from 'hono';
import type { Runtime } from '../runtime.ts';
import type { UserRecord } from '../store/records.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HandlerContext<P = Record<string, string>, Q = Record<string, unknown>, B = unknown> {
  params: P;
  query: Q;
  body: B;
  /** The authenticated caller (absent only on rows with `auth: false`). */
  user: UserRecord;
  /** Everything the app holds: store tables, clock, ids, options. */
  rt: Runtime;
  /** The virtual clock's reading at the start of the request, as ISO text. */
  now: string;
  /** This server's origin, for `urls.location` (for example http://127.0.0.1:4010). */
  origin: string;
  hono: Context;
}

export interface Operation {
  /** The official operationId, or our own name where the official document has none. */
  operationId: string;
  method: Method;
  /** As the seed writes it, with `{param}` placeholders, `/v1` included. */
  path: string;
  /** The success status. 204 and 205 write no body. */
  status: number;
  /** Schema ids (see schemas/). Path parameters default to non-empty strings. */
  params?: string;
  query?: string;
  body?: string;
  /** Schema id of the success body, for documentation and tests. */
  response?: string;
  /** Whether the official document has the operation (tests check its response schema). */
  official?: boolean;
  /** Default true: a bearer token of a scenario user is required. */
  auth?: boolean;
  /** Synchronous, so that a thrown error rolls back every write it made. May return a Response or JsonText. */
  // Handlers are typed loosely here; each table types its own contexts with `op()`.
  handle: (ctx: HandlerContext<any, any, any>) => unknown;
}

/**
 * A handler's answer that is JSON text already (comment lists keep the JSON of their items).
 * The registrar writes it as the body: a Response built by the handler would have to be
 * copied to carry the headers set before it (CORS, session), and @hono/node-server reads a
 * copied body through a web stream (measured: a page of 20 comments at a third of the bare
 * route's throughput, p99 53 ms, where writing the text keeps it above it).
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** Declares an operation with typed params, query and body for its handler. */
export function op<P = Record<string, string>, Q = Record<string, unknown>, B = unknown>(
  row: Omit<Operation, 'handle'> & { handle: (ctx: HandlerContext<P, Q, B>) => unknown },
): Operation {
  return row as Operation;
}
