/** What the server received, for QA: the newest `limit` API requests, oldest first. */
export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  at: string;
  query?: Record<string, string[]>;
  body?: unknown;
}

/** A ring buffer: adding is O(1) however full it is. */
export class RequestLog {
  private items: LoggedRequest[] = [];
  private start = 0;

  constructor(private readonly limit = 1000) {}

  add(entry: LoggedRequest): void {
    if (this.items.length < this.limit) {
      this.items.push(entry);
      return;
    }
    this.items[this.start] = entry;
    this.start = (this.start + 1) % this.limit;
  }

  list(): LoggedRequest[] {
    return [...this.items.slice(this.start), ...this.items.slice(0, this.start)];
  }

  clear(): void {
    this.items = [];
    this.start = 0;
  }
}
