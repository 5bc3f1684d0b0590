/** What the server received, for QA: the newest `limit` API requests, oldest first. */
export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  at: string;
  query?: Record<string, string | string[]>;
  body?: unknown;
}

export class RequestLog {
  private items: LoggedRequest[] = [];

  constructor(private readonly limit = 1000) {}

  add(entry: LoggedRequest): void {
    this.items.push(entry);
    if (this.items.length > this.limit) this.items.splice(0, this.items.length - this.limit);
  }

  list(): LoggedRequest[] {
    return this.items.slice();
  }

  clear(): void {
    this.items = [];
  }
}
