/** What the event log keeps: each event as sent (its official body), with its deliveries. */

/** The official event types the mock sends (docs/behaviour.md, "Events"). */
export const SENT_EVENT_TYPES = [
  'installation_setup',
  'installation_deleted',
  'space_installation_setup',
  'space_installation_deleted',
  'site_installation_setup',
  'site_installation_deleted',
  'space_content_updated',
  'space_visibility_updated',
  'space_gitsync_started',
  'space_gitsync_completed',
] as const;

export type SentEventType = (typeof SENT_EVENT_TYPES)[number];

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
  installationId: string;
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
  type: SentEventType;
  createdAt: string;
  /** The official event body (components.schemas.Event of the official document). */
  payload: Record<string, unknown> & { eventId: string; type: SentEventType };
  deliveries: Delivery[];
}
