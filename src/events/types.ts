/** What the event log keeps: each event as sent (its official body), with its deliveries. */
import type { SentEventType } from '../resources/shared/event-types.ts';

/** The event types the mock sends, and those a manifest may name (resources/shared/event-types.ts). */
export { SENT_EVENT_TYPES, SUBSCRIBABLE_EVENT_TYPES, type SentEventType, type SubscribableEventType } from '../resources/shared/event-types.ts';

/** What the event log keeps: the events sent to subscribers, and the tasks integrations queue for themselves. */
export type KeptEventType = SentEventType | 'task';

type Status = 'active' | 'pending' | 'paused';
type Setup = { status: Status; previous?: { status: Status; configuration: Record<string, unknown> } };
type Deleted = { previous: { configuration: Record<string, unknown> } };
type Visitor = { anonymousId: string; cookies: Record<string, string>; userAgent: string; ip: string; language?: string };
type GitSync = { spaceId: string; revisionId: string; commitId: string };

/** The fields of each event type's official body, besides `eventId`, `type` and `installationId`. */
export interface SentEventFields {
  installation_setup: Setup;
  installation_deleted: Deleted;
  space_installation_setup: { spaceId: string } & Setup;
  space_installation_deleted: { spaceId: string } & Deleted;
  site_installation_setup: { siteId: string } & Setup;
  site_installation_deleted: { siteId: string } & Deleted;
  space_content_updated: { spaceId: string; revisionId: string; updatedBy: Record<string, unknown>[] };
  space_visibility_updated: { spaceId: string; previousVisibility: string; visibility: string };
  space_gitsync_started: GitSync;
  space_gitsync_completed: GitSync & { state: 'success' | 'failure' };
  site_view: { siteId: string; spaceId?: string; siteSpaceId?: string; pageId?: string; visitor: Visitor; url: string; referrer: string };
  page_feedback: { siteId: string; spaceId?: string; pageId?: string; feedback: { rating: 'bad' | 'ok' | 'good'; comment?: string }; visitor: Visitor; url: string; referrer: string };
}

/** The official body of an event of type `T` (`components.schemas` of the official document). */
export type SentEvent<T extends SentEventType = SentEventType> = {
  [K in T]: { eventId: string; type: K; installationId: string } & SentEventFields[K];
}[T];

/** One try to hand an event to its receiver. */
export interface Attempt {
  /** When it started, on the session's virtual clock. */
  at: string;
  /** The receiver's status; absent when it did not answer (network error or timeout). */
  status?: number;
  /** What went wrong when there is no status (`timeout after 10000 ms`, `connection refused`). */
  error?: string;
  /** The first 512 characters of the answer's body. */
  excerpt?: string;
  /** Wall milliseconds the try took. */
  durationMs: number;
}

export interface Delivery {
  /** The event's `eventId`: every try of the event carries it, so a receiver can drop repeats. */
  id: string;
  /** The installation it is for; none for a task, which goes to the integration itself. */
  installationId?: string;
  url: string;
  format: 'runtime' | 'webhook';
  /** `pending` while tries remain (or one is under way), then `delivered` or `failed`. */
  status: 'pending' | 'delivered' | 'failed';
  attempts: Attempt[];
  /** When the next try is due (virtual clock), while pending. */
  nextAttemptAt?: string;
}

export interface EventItem {
  /** The official `eventId`. */
  id: string;
  type: KeptEventType;
  createdAt: string;
  /** The official event body (components.schemas.Event of the official document). */
  payload: Record<string, unknown> & { eventId: string; type: KeptEventType };
  deliveries: Delivery[];
}
