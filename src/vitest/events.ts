/**
 * `gb.events`: await the events the mock sends integrations, in-process (the mock's own
 * `events.next`) or on a running server (polling `GET /__admin/events` of the file's session).
 */
import { checkEventFilter, checkEventWait, type EventPayload } from '../events/mock-events.ts';
import type { EventItem, SentEventType } from '../events/types.ts';
import type { Target } from './session.ts';

export interface GitBookMockEvents {
  /** The official body of the oldest event of `type` not awaited yet, waiting up to `timeoutMs` (default 5000). */
  waitFor<T extends SentEventType>(type: T, options?: { timeoutMs?: number }): Promise<EventPayload<T>>;
  waitFor(type?: undefined, options?: { timeoutMs?: number }): Promise<EventPayload>;
  /** The session's events with their deliveries (`GET /__admin/events`). */
  list(filter?: Record<string, string>): Promise<EventItem[]>;
}

const POLL_MS = 20;

export function eventsOf(target: () => Target, adminToken?: string): GitBookMockEvents {
  const taken = new Set<string>();
  const list = async (filter: Record<string, string> = {}): Promise<EventItem[]> => {
    checkEventFilter('gb.events.list(filter)', filter);
    const t = target();
    if (t.mock) return t.mock.events.list(filter);
    const query = new URLSearchParams(filter).toString();
    const res = await t.fetch(`/__admin/events${query ? `?${query}` : ''}`, { headers: adminToken ? { authorization: `Bearer ${adminToken}` } : {} });
    if (!res.ok) throw new Error(`gitbook-mock: GET /__admin/events answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { items: EventItem[] }).items;
  };
  async function waitFor(type?: SentEventType, options: { timeoutMs?: number } = {}): Promise<EventPayload> {
    checkEventWait('gb.events.waitFor(type, options)', type, options?.timeoutMs);
    const t = target();
    const timeoutMs = options?.timeoutMs ?? 5000;
    if (t.mock) return t.mock.events.next(type as SentEventType, { timeoutMs });
    const until = Date.now() + timeoutMs;
    for (;;) {
      const items = await list(type ? { type } : {});
      const found = items.find((item) => !taken.has(item.id));
      if (found) {
        taken.add(found.id);
        return found.payload as EventPayload;
      }
      if (Date.now() > until) throw new Error(`gitbook-mock: no ${type ?? ''} event within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  return { list, waitFor: waitFor as GitBookMockEvents['waitFor'] };
}
