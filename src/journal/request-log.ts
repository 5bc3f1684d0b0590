/**
 * What the server received and answered, for QA: the newest `limit` API requests, oldest first.
 * A ring of entries that are rewritten in place: at thousands of requests a second, new
 * entry objects would each live long enough to reach the old generation and pile up there
 * as garbage (measured: 65 MB more peak memory under load).
 * Bounded in bytes too: an entry keeps a preview of BODY_PREVIEW characters of the request
 * body and of the response body (marked `bodyTruncated`), and past BODY_TOTAL characters of
 * kept request bodies (and as many of response bodies) the oldest previews go. A preview and
 * a URL cut to URL_LIMIT are copies (text/detach.ts): a slice would keep the whole body or URL
 * alive behind its few kilobytes.
 */
import { preview, type Preview } from '../text/detach.ts';
import type { Auth, Source } from './journal-capture.ts';

export const BODY_PREVIEW = 4096;
export const BODY_TOTAL = 4 * 1024 * 1024;
/** The longest URL kept; past it the URL is cut (its query first, as it comes last). */
export const URL_LIMIT = 2048;

export interface LoggedResponse {
  status: number;
  /** The headers the mock chose (content type, Location, Retry-After, Allow, a fault rule's). */
  headers: Record<string, string>;
  /** JSON when it was JSON and whole, else the text kept; absent when the answer had none. */
  body?: unknown;
  bodyTruncated?: true;
}

export interface LoggedRequest {
  /** The entry's number in this journal, counting from 1 and never reused (not even after a clear). */
  seq: number;
  method: string;
  path: string;
  status: number;
  at: string;
  /** The operation the request matched, null when none did. */
  operationId: string | null;
  /** What answered instead of the operation: a fault rule id, "prefer", or null. */
  injected: string | null;
  /** How the answer was made, as its `X-Mock-Source` header says (journal-capture.ts). */
  source: Source;
  query?: Record<string, string[]>;
  body?: unknown;
  /** The body was longer than the preview kept (or dropped to bound the journal). */
  bodyTruncated?: true;
  response: LoggedResponse;
  /** The manifest user key of the bearer token; null without one, or for a token of no manifest user. */
  caller: string | null;
  auth: Auth;
  /** The session the request named (`default` without the header). */
  session: string;
  /** Wall time from the request's arrival to its answer, in milliseconds. */
  durationMs: number;
}

/** What the journal reads of one request: the pipeline hands it its `Exchange` (sessions/exchange.ts). */
export interface JournalEntry {
  method: string;
  url: string;
  at: string;
  body?: string;
  status: number;
  operationId: string | null;
  injected: string | null;
  source: Source;
  responseBody?: string;
  responseHeaders: Record<string, string>;
  caller: string | null;
  auth: Auth;
  session: string;
  durationMs: number;
}

/** The name the entry had before the pipeline's exchange (test/api/admin/journal/journal-caps.test.ts builds entries by it). */
export type Exchange = JournalEntry;

/** Filters of GET /__admin/requests: `path` is a prefix, the others exact. */
export interface RequestFilter {
  method?: string;
  path?: string;
  operationId?: string;
  status?: number;
  /** Only entries whose `seq` is greater. */
  after?: number;
}

/**
 * An entry of the ring: texts are kept as they came (cut), and read apart when listed. A new one
 * for each request, made by one constructor (one shape), rather than an old one written over
 * field by field: the ring's entries live in the old generation, and in a server that had sat
 * quiet for a few seconds after its first request before its first load, writing the 16 fields
 * of an old entry took 16 % of the CPU of GET a space, against under 1 % in a server loaded at
 * once (--cpu-prof, same code, same run; docs/benchmarks.md "one build, two speeds", issue 25).
 * A new entry is written while it is young, and the ring takes one store.
 */
class Slot implements JournalEntry {
  readonly seq: number;
  readonly method: string;
  readonly url: string;
  readonly at: string;
  body: string | undefined;
  truncated: boolean;
  readonly status: number;
  readonly operationId: string | null;
  readonly injected: string | null;
  readonly source: Source;
  responseBody: string | undefined;
  responseTruncated: boolean;
  readonly responseHeaders: Record<string, string>;
  readonly caller: string | null;
  readonly auth: Auth;
  readonly session: string;
  readonly durationMs: number;

  constructor(seq: number, exchange: JournalEntry, request: Preview | undefined, response: Preview | undefined) {
    this.seq = seq;
    this.method = exchange.method;
    this.url = preview(exchange.url, URL_LIMIT).text;
    this.at = exchange.at;
    this.body = request?.text;
    this.truncated = request?.cut ?? false;
    this.status = exchange.status;
    this.operationId = exchange.operationId;
    this.injected = exchange.injected;
    this.source = exchange.source;
    this.responseBody = response?.text;
    this.responseTruncated = response?.cut ?? false;
    this.responseHeaders = exchange.responseHeaders;
    this.caller = exchange.caller;
    this.auth = exchange.auth;
    this.session = exchange.session;
    this.durationMs = exchange.durationMs;
  }
}

/** What a journal's listeners hear: a request added, or every entry forgotten. */
export type LogEvent = 'added' | 'cleared';

/** The body as JSON when it is JSON, otherwise its first 1,000 characters. */
function parsedBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text.slice(0, 1000);
  }
}

function parts(url: string): { path: string; query?: Record<string, string[]> } {
  const parsed = new URL(url);
  if (!parsed.search) return { path: parsed.pathname };
  const query: Record<string, string[]> = {};
  for (const [key, value] of parsed.searchParams) (query[key] ??= []).push(value);
  return { path: parsed.pathname, query };
}

/** A kept body as listed: parsed when whole, the text with `bodyTruncated` when cut. */
function shown(text: string | undefined, truncated: boolean): { body?: unknown; bodyTruncated?: true } {
  if (text === undefined) return {};
  return truncated ? { body: text, bodyTruncated: true } : { body: parsedBody(text) };
}

export class RequestLog {
  private slots: Slot[] = [];
  private start = 0;
  private bodyChars = 0;
  private responseChars = 0;
  private seq = 0;
  private readonly listeners = new Set<(event: LogEvent) => void>();
  /** The last response text cut for a preview, and its preview (`responsePreview`). */
  private lastCut: (Preview & { whole: string }) | undefined;

  constructor(private readonly limit = 1000) {}

  add(exchange: JournalEntry): void {
    const seq = ++this.seq;
    // A journal of no entries (`requestLogLimit: 0`, or not a number) keeps none.
    if (!(this.limit >= 1)) return;
    const request = exchange.body === undefined ? undefined : preview(exchange.body, BODY_PREVIEW);
    const response = exchange.responseBody === undefined ? undefined : this.responsePreview(exchange.responseBody);
    const slot = new Slot(seq, exchange, request, response);
    if (this.slots.length < this.limit) this.slots.push(slot);
    else {
      const old = this.slots[this.start];
      this.bodyChars -= old.body?.length ?? 0;
      this.responseChars -= old.responseBody?.length ?? 0;
      this.slots[this.start] = slot;
      this.start = (this.start + 1) % this.limit;
    }
    this.bodyChars += slot.body?.length ?? 0;
    this.responseChars += slot.responseBody?.length ?? 0;
    if (this.bodyChars > BODY_TOTAL || this.responseChars > BODY_TOTAL) this.dropOldestBodies();
    for (const listener of this.listeners) listener('added');
  }

  /**
   * The preview of a response text, the last one made when it is the same text: a page served
   * again from a cache (comments/list-json.ts) is the same string, and a new copy of its first
   * 4 KB for every request (2 % of the samples of a page of 20 comments, --cpu-prof, issue 25)
   * is kept by the ring until it comes round, garbage for the old generation. Keeps the last
   * long text alive until the next one.
   */
  private responsePreview(text: string): Preview {
    if (text.length <= BODY_PREVIEW) return { text, cut: false };
    if (this.lastCut?.whole !== text) this.lastCut = { whole: text, ...preview(text, BODY_PREVIEW) };
    return this.lastCut;
  }

  /** Drops the oldest previews until the kept bodies of each side fit BODY_TOTAL again. */
  private dropOldestBodies(): void {
    for (let i = 0; i < this.slots.length && (this.bodyChars > BODY_TOTAL || this.responseChars > BODY_TOTAL); i++) {
      const slot = this.slots[(this.start + i) % this.slots.length];
      if (this.bodyChars > BODY_TOTAL && slot.body) {
        this.bodyChars -= slot.body.length;
        slot.body = '';
        slot.truncated = true;
      }
      if (this.responseChars > BODY_TOTAL && slot.responseBody) {
        this.responseChars -= slot.responseBody.length;
        slot.responseBody = '';
        slot.responseTruncated = true;
      }
    }
  }

  /** Copies of the entries, oldest first, without the fields a request did not have. */
  list(filter: RequestFilter = {}): LoggedRequest[] {
    const ordered = [...this.slots.slice(this.start), ...this.slots.slice(0, this.start)];
    const method = filter.method?.toUpperCase();
    const out: LoggedRequest[] = [];
    for (const slot of ordered) {
      if (filter.after !== undefined && slot.seq <= filter.after) continue;
      if (method && slot.method !== method) continue;
      if (filter.status !== undefined && slot.status !== filter.status) continue;
      if (filter.operationId && slot.operationId !== filter.operationId) continue;
      const { path, query } = parts(slot.url);
      if (filter.path && !path.startsWith(filter.path)) continue;
      const { method: m, status, at, operationId, injected, source, caller, auth, session, durationMs } = slot;
      out.push({
        seq: slot.seq,
        method: m, path, status, at, operationId, injected, source,
        ...(query && { query }),
        ...shown(slot.body, slot.truncated),
        response: { status, headers: { ...slot.responseHeaders }, ...shown(slot.responseBody, slot.responseTruncated) },
        caller, auth, session, durationMs,
      });
    }
    return out;
  }

  /** Calls `listener` after each request is added and when the log is cleared, until the returned function is called. */
  subscribe(listener: (event: LogEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  clear(): void {
    this.slots = [];
    this.lastCut = undefined;
    this.start = 0;
    this.bodyChars = 0;
    this.responseChars = 0;
    for (const listener of this.listeners) listener('cleared');
  }
}
