/** `mock.events`: the default session's events, for tests that await what an integration would get. */
import { EVENT_FILTERS, type EventFilter, type EventLog } from './event-log.ts';
import { SENT_EVENT_TYPES, type EventItem, type SentEvent, type SentEventType } from './types.ts';
import { argumentError, checkWhole } from '../text/argument-error.ts';

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

/** The longest wait a timer holds, in milliseconds. */
const TIMER_MAX_MS = 2 ** 31 - 1;

/** Throws a TypeError unless `type` is an event type the mock sends (or undefined: any) and `timeoutMs` whole milliseconds. */
export function checkEventWait(who: string, type: unknown, timeoutMs: unknown): void {
  if (type !== undefined && !SENT_EVENT_TYPES.some((known) => known === type)) throw argumentError(`${who}: type`, `an event type the mock sends (${SENT_EVENT_TYPES.join(', ')}) or undefined`, type);
  if (timeoutMs !== undefined) checkWhole(`${who}: options.timeoutMs`, timeoutMs, 0, TIMER_MAX_MS, 'milliseconds');
}

/** Throws a TypeError unless `filter` is an object of the filters GET /__admin/events takes, each a string. */
export function checkEventFilter(who: string, filter: unknown): void {
  if (filter === undefined) return;
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw argumentError(`${who}: filter`, `an object of ${EVENT_FILTERS.join(', ')}`, filter);
  for (const [name, value] of Object.entries(filter)) {
    if (!EVENT_FILTERS.some((known) => known === name)) throw argumentError(`${who}: filter`, `an object of ${EVENT_FILTERS.join(', ')}`, name);
    if (value !== undefined && typeof value !== 'string') throw argumentError(`${who}: filter.${name}`, 'a string', value);
  }
}

export function mockEvents(log: () => EventLog): MockEvents {
  return {
    next: (async (type?: string, options: { timeoutMs?: number } = {}) => {
      checkEventWait('events.next(type, options)', type, options?.timeoutMs);
      return (await log().next(type, options?.timeoutMs)).payload;
    }) as MockEvents['next'],
    list: (filter) => {
      checkEventFilter('events.list(filter)', filter);
      return log().list(filter);
    },
    clear: () => log().clear(),
  };
}
