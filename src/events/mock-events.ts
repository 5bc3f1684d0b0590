/** `mock.events`: the default session's events, for tests that await what an integration would get. */
import type { EventFilter, EventLog } from './event-log.ts';
import type { EventItem } from './types.ts';

export type EventPayload = EventItem['payload'] & Record<string, unknown>;

export interface MockEvents {
  /**
   * The official body of the oldest event of `type` (any type without it) not handed out yet,
   * waiting for one up to `timeoutMs` (default 5000): `(await mock.events.next('space_content_updated')).revisionId`.
   */
  next(type?: string, options?: { timeoutMs?: number }): Promise<EventPayload>;
  /** Every kept event with its deliveries, as `GET /__admin/events` lists them. */
  list(filter?: EventFilter): EventItem[];
  /** Forgets the events and stops their deliveries. */
  clear(): void;
}

export function mockEvents(log: () => EventLog): MockEvents {
  return {
    next: async (type, options = {}) => (await log().next(type, options.timeoutMs)).payload as EventPayload,
    list: (filter) => log().list(filter),
    clear: () => log().clear(),
  };
}
