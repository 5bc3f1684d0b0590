/** `mock.events`: the default session's events, for tests that await what an integration would get. */
import type { EventFilter, EventLog } from './event-log.ts';
import type { EventItem, SentEvent, SentEventType } from './types.ts';

/** An event's official body; `SentEvent<'space_content_updated'>` for one type. */
export type EventPayload<T extends SentEventType = SentEventType> = SentEvent<T>;

export interface MockEvents {
  /**
   * The official body of the oldest event of `type` (any type without it) not handed out yet,
   * waiting for one up to `timeoutMs` (default 5000): `(await mock.events.next('space_content_updated')).revisionId`.
   */
  next<T extends SentEventType>(type: T, options?: { timeoutMs?: number }): Promise<EventPayload<T>>;
  next(type?: undefined, options?: { timeoutMs?: number }): Promise<EventPayload>;
  /** Every kept event with its deliveries, as `GET /__admin/events` lists them. */
  list(filter?: EventFilter): EventItem[];
  /** Forgets the events and stops their deliveries. */
  clear(): void;
}

export function mockEvents(log: () => EventLog): MockEvents {
  return {
    next: (async (type?: string, options: { timeoutMs?: number } = {}) => (await log().next(type, options.timeoutMs)).payload) as MockEvents['next'],
    list: (filter) => log().list(filter),
    clear: () => log().clear(),
  };
}
