/**
 * One request as the pipeline (server/pipeline.ts) carries it from arrival to answer: made once per
 * request, before its route runs, and handed to the route, response control, the error writer
 * and the journal. It holds the request's session (opened by `open`, the one place a request
 * opens one), the body text (read once, by the pipeline), the marks response control leaves (the
 * operation, what was injected), the answer as the mock wrote it (text and headers), the caller
 * and the time taken. The journal keeps the exchange itself (it is a `JournalEntry`).
 *
 * Nothing rides on Hono's context: the pipeline hands the exchange to the route it wraps
 * (server/registrar.ts), so nothing has to look it up.
 */
import type { Context } from 'hono';
import type { Runtime } from '../runtime.ts';
import type { Session, Sessions } from './registry.ts';
import { callerOf, callerOfToken, type Auth, type Caller, type Source } from '../journal/journal-capture.ts';
import type { JournalEntry } from '../journal/request-log.ts';
import type { ControlNotes } from '../faults/apply.ts';
import type { SessionUse } from '../contract/operation.ts';
import { headerOf } from '../contract/request-header.ts';

export const SESSION_HEADER = 'X-Mock-Session';
/** The session header's name as a request's headers are read by (lower case). */
const SESSION_HEADER_NAME = SESSION_HEADER.toLowerCase();
/** Says what of a request the mock did not honour (a `Prefer` part, a session that does not exist), on whatever answers it. */
export const WARNING_HEADER = 'X-Mock-Warning';

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

export class Exchange implements JournalEntry, ControlNotes {
  /** When the pipeline took the request (`performance.now()`). */
  readonly started = performance.now();
  readonly method: string;
  /** Set when the entry is completed (`answered`): reading the URL costs @hono/node-server a string of its own. */
  url = '';
  /** When the request came, on its session's virtual clock (set by the pipeline once the session is open). */
  at = '';
  status = 0;
  /** The operation the request matched, null until the registrar marks it. */
  operationId: string | null = null;
  /** What answered instead of the operation: a fault rule id, "prefer", or null. */
  injected: string | null = null;
  /** How the answer was made (`X-Mock-Source`): the kind of the row the route serves, until response control answers instead. */
  source: Source = 'router';
  /** The answer's body text as written (none for 204 or a dropped connection). */
  responseBody: string | undefined = undefined;
  /** The headers the mock chose for its answer (content type, Location, Allow, a fault rule's), not CORS ones. */
  responseHeaders: Readonly<Record<string, string>> = NO_HEADERS;
  caller: string | null = null;
  auth: Auth = 'none';
  /** The session's name as the journal shows it. */
  session = 'default';
  durationMs = 0;
  /** Whether a header was set on the context for every answer (CORS, the session, a warning): then an answer is written through Hono's context. */
  #decorated = false;
  #text: string | undefined = undefined;
  #opened: Session | undefined = undefined;
  #identified: Caller | undefined = undefined;

  constructor(
    readonly c: Context,
    private readonly sessions: Sessions,
  ) {
    this.method = c.req.method;
  }

  /**
   * Opens the session the `X-Mock-Session` header names (the default one without it), as the
   * row's plan says (`SessionUse`, contract/operation.ts): `open` creates it on first use; `read`
   * does not on a GET or HEAD: a missing session is read as it would start (a fork that is not
   * kept) and the answer carries `X-Mock-Warning` saying so; `existing` opens it only if it
   * exists; `none` opens nothing. Browsers (an `Origin`) get the header echoed, exposed by CORS;
   * other callers know what they sent, and a header set before the handler costs
   * @hono/node-server its fast response path (measured: 85% of the throughput with the header,
   * against 90% without).
   */
  open(use: SessionUse = 'open'): void {
    if (use === 'none') return;
    const c = this.c;
    const name = headerOf(c, SESSION_HEADER_NAME);
    if (use === 'existing' && name !== undefined && !this.sessions.get(name)) return;
    const create = use === 'open' || (use === 'read' && this.method !== 'GET' && this.method !== 'HEAD');
    const session = this.sessions.open(name, create);
    this.#opened = session;
    this.session = session.name;
    if (name !== undefined && headerOf(c, 'origin')) this.header(SESSION_HEADER, name);
    // Wrong input is flagged, never passed in silence: a typo'd session name on a read.
    if (session.missing) this.header(WARNING_HEADER, session.missing);
  }

  /** Ends the exchange once the request is answered: its session (if one was opened) released. */
  close(): void {
    if (this.#opened) this.sessions.done(this.#opened);
    this.#opened = undefined;
  }

  /** The runtime of the request's session; a route that needs one and has none is a bug of the pipeline. */
  get runtime(): Runtime {
    if (!this.#opened) throw new Error(`${this.method} ${this.c.req.path}: no session was opened for this request`);
    return this.#opened.runtime;
  }

  /** The body text the pipeline read (once, before the route runs); undefined for a request that has none (GET). */
  get text(): string | undefined {
    return this.#text;
  }

  /** The pipeline's note of the body text it read. */
  received(text: string): void {
    this.#text = text;
  }

  /** The body as the journal keeps it: none when empty or not read. */
  get body(): string | undefined {
    return this.#text || undefined;
  }

  /** What response control leaves for the journal: the operation, and what answered instead of it. */
  mark(operationId: string | null, injected: string | null): void {
    this.operationId = operationId;
    this.injected = injected;
  }

  /** Notes that `source` made the answer instead of the row (a fault rule, `Prefer: code=`). */
  answeredBy(source: Source): void {
    this.source = source;
  }

  /**
   * Notes the body text and headers of the answer being written (replacing an earlier note), where
   * the mock writes it: reading a Response's headers back on @hono/node-server turns its plain
   * header object into a Headers instance, which costs its fast response path (about 5 % of the
   * throughput). Headers noted before the body (Allow, before a 405 is thrown) stay.
   */
  noteAnswer(text: string | undefined, headers: Readonly<Record<string, string>>): void {
    const before = this.responseHeaders;
    this.responseHeaders = before !== NO_HEADERS && Object.keys(before).length ? { ...before, ...headers } : headers;
    this.responseBody = text;
  }

  /** Notes one header set with `c.header` before the answer is written. */
  noteHeader(name: string, value: string): void {
    this.responseHeaders = { ...this.responseHeaders, [name.toLowerCase()]: value };
  }

  /** Sets `X-Mock-Warning` on the answer, noted for the journal. */
  warn(text: string): void {
    this.header(WARNING_HEADER, text);
    this.noteHeader(WARNING_HEADER, text);
  }

  /** Sets a header whatever answers the request carries (CORS, the session, a warning, Allow), on the context. */
  header(name: string, value: string): void {
    this.c.header(name, value);
    this.#decorated = true;
  }

  /**
   * The answer: `body` with `status` and `headers` (a plain object, `X-Mock-Source` in it). With
   * no header set on the context, the Response is made here with that plain object: Hono's
   * `c.body` turns headers of more than one name into a Headers instance, which
   * @hono/node-server then reads back name by name (undici's Headers: about a tenth of the
   * app's CPU under GET a space, --cpu-prof). Otherwise through `c.body`, which merges the
   * headers set.
   */
  respond(body: string | Uint8Array<ArrayBuffer> | null, status: number, headers: Readonly<Record<string, string>>): Response {
    if (this.#decorated) return body === null ? this.c.body(null, status as 200, headers) : this.c.body(body, status as 200, headers);
    return new Response(body, { status, headers });
  }

  /** The registrar's note of the bearer token it read, `known` when a user has it: the journal's caller without a second read. */
  identify(token: string, known: boolean): void {
    this.#identified = callerOfToken(token, known, this.runtime.manifest, this.runtime.db);
  }

  /** Completes the journal entry once the request is answered: its URL, status, caller and time taken. */
  answered(status: number): this {
    const rt = this.runtime;
    const { caller, auth } = this.#identified ?? callerOf(headerOf(this.c, 'authorization'), rt.manifest, rt.db);
    this.url = this.c.req.url;
    this.status = status;
    this.caller = caller;
    this.auth = auth;
    this.durationMs = Math.round((performance.now() - this.started) * 100) / 100;
    return this;
  }
}
