/**
 * What the server received, for QA: the newest `limit` API requests, oldest first.
 * A ring of entries that are rewritten in place: at thousands of requests a second, new
 * entry objects would each live long enough to reach the old generation and pile up there
 * as garbage (measured: 65 MB more peak memory under load).
 * Bounded in bytes too: an entry keeps a body preview of BODY_PREVIEW characters (marked
 * `bodyTruncated`), and past BODY_TOTAL characters of kept bodies the oldest previews go. A
 * preview and a URL cut to URL_LIMIT are copies (text/detach.ts): a slice would keep the
 * whole body or URL alive behind its few kilobytes.
 */
import { preview } from '../text/detach.ts';

export const BODY_PREVIEW = 4096;
export const BODY_TOTAL = 4 * 1024 * 1024;
/** The longest URL kept; past it the URL is cut (its query first, as it comes last). */
export const URL_LIMIT = 2048;

export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  at: string;
  /** The operation the request matched, null when none did. */
  operationId: string | null;
  /** What answered instead of the operation: a fault rule id, "prefer", or null. */
  injected: string | null;
  query?: Record<string, string[]>;
  body?: unknown;
  /** The body was longer than the preview kept (or dropped to bound the journal). */
  bodyTruncated?: true;
}

/** Filters of GET /__admin/requests: `path` is a prefix, the others exact. */
export interface RequestFilter {
  method?: string;
  path?: string;
  operationId?: string;
  status?: number;
}

/** A slot of the ring: the request's URL is kept as it came, and read apart when listed. */
interface Slot {
  method: string;
  url: string;
  status: number;
  at: string;
  operationId: string | null;
  injected: string | null;
  /** The body text as it came; parsed when listed, so writes do not parse it twice. */
  body?: string;
  truncated?: boolean;
}

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

export class RequestLog {
  private slots: Slot[] = [];
  private start = 0;
  private bodyChars = 0;

  constructor(private readonly limit = 1000) {}

  add(method: string, url: string, status: number, at: string, body?: string, operationId: string | null = null, injected: string | null = null): void {
    let slot: Slot;
    let truncated = false;
    if (body !== undefined) ({ text: body, cut: truncated } = preview(body, BODY_PREVIEW));
    url = preview(url, URL_LIMIT).text;
    if (this.slots.length < this.limit) {
      slot = { method, url, status, at, operationId, injected };
      this.slots.push(slot);
    } else {
      slot = this.slots[this.start];
      this.start = (this.start + 1) % this.limit;
      slot.method = method;
      slot.url = url;
      slot.status = status;
      slot.at = at;
      slot.operationId = operationId;
      slot.injected = injected;
      this.bodyChars -= slot.body?.length ?? 0;
    }
    slot.body = body;
    slot.truncated = truncated;
    this.bodyChars += body?.length ?? 0;
    if (this.bodyChars > BODY_TOTAL) this.dropOldestBodies();
  }

  /** Drops the oldest previews until the kept bodies fit BODY_TOTAL again. */
  private dropOldestBodies(): void {
    for (let i = 0; i < this.slots.length && this.bodyChars > BODY_TOTAL; i++) {
      const slot = this.slots[(this.start + i) % this.slots.length];
      if (slot.body === undefined || slot.body === '') continue;
      this.bodyChars -= slot.body.length;
      slot.body = '';
      slot.truncated = true;
    }
  }

  /** Copies of the entries, oldest first, without the fields a request did not have. */
  list(filter: RequestFilter = {}): LoggedRequest[] {
    const ordered = [...this.slots.slice(this.start), ...this.slots.slice(0, this.start)];
    const method = filter.method?.toUpperCase();
    const out: LoggedRequest[] = [];
    for (const { method: m, url, status, at, operationId, injected, body, truncated } of ordered) {
      if (method && m !== method) continue;
      if (filter.status !== undefined && status !== filter.status) continue;
      if (filter.operationId && operationId !== filter.operationId) continue;
      const { path, query } = parts(url);
      if (filter.path && !path.startsWith(filter.path)) continue;
      const kept = body === undefined ? {} : truncated ? { body, bodyTruncated: true as const } : { body: parsedBody(body) };
      out.push({ method: m, path, status, at, operationId, injected, ...(query && { query }), ...kept });
    }
    return out;
  }

  clear(): void {
    this.slots = [];
    this.start = 0;
    this.bodyChars = 0;
  }
}
