/**
 * `events` of both test handles: await the events the mock sends integrations, in-process (the
 * mock's own `events.next`) or on a running server (polling `GET /__admin/events` of the session).
 */
import { checkEventFilter, checkEventWait, type EventPayload, type MockEvents } from '../events/mock-events.ts';
import type { EventItem, SentEventType } from '../events/types.ts';

export interface GitBookMockEvents {
  /** The official body of the oldest event of `type` not awaited yet, waiting up to `timeoutMs` (default 5000). */
  waitFor<T extends SentEventType>(type: T, options?: { timeoutMs?: number }): Promise<EventPayload<T>>;
  waitFor(type?: undefined, options?: { timeoutMs?: number }): Promise<EventPayload>;
  /** The session's events with their deliveries (`GET /__admin/events`). */
  list(filter?: Record<string, string>): Promise<EventItem[]>;
}

const POLL_MS = 20;

/** `list` reads `GET /__admin/events`; `local`, when it gives the in-process mock's events, waits on them instead of polling. */
export function eventsOf(list: (filter: Record<string, string>) => Promise<EventItem[]>, who: string, local?: () => MockEvents | undefined): GitBookMockEvents {
  const taken = new Set<string>();
  async function waitFor(type?: SentEventType, options: { timeoutMs?: number } = {}): Promise<EventPayload> {
    checkEventWait(`${who}: events.waitFor(type, options)`, type, options?.timeoutMs);
    const timeoutMs = options?.timeoutMs ?? 5000;
    const events = local?.();
    if (events) return events.next(type as SentEventType, { timeoutMs });
    const until = Date.now() + timeoutMs;
    for (;;) {
      const items = await list(type ? { type } : {});
      const found = items.find((item) => !taken.has(item.id));
      if (found) {
        taken.add(found.id);
        return found.payload as EventPayload;
      }
      if (Date.now() > until) throw new Error(`${who}: no ${type ?? ''} event within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  const checkedList = async (filter: Record<string, string> = {}) => {
    checkEventFilter(`${who}: events.list(filter)`, filter);
    return list(filter);
  };
  return { list: checkedList, waitFor: waitFor as GitBookMockEvents['waitFor'] };
}
