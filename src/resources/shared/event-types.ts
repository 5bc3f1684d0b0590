/**
 * The event types of the official Event union that the mock sends to integrations, and those an
 * integration may subscribe to: the integrations group publishes them in a manifest, the event
 * log (src/events/) sends them.
 */
import { OFFICIAL_EVENT_TYPES } from '../../contract/official-events.ts';

/**
 * The official types GitBook sends on a request of its own rather than to subscribers: a
 * request to the integration's URL (`fetch`), a published script, visitor authentication, a
 * component or content source to render, a queued task. @gitbook/runtime routes them itself;
 * a manifest's `events` does not name them.
 */
const ON_REQUEST = ['task', 'fetch', 'fetch_published_script', 'fetch_visitor_authentication', 'ui_render', 'content_compute_document', 'content_compute_revision'] as const;

export type SubscribableEventType = Exclude<(typeof OFFICIAL_EVENT_TYPES)[number], (typeof ON_REQUEST)[number]>;

const onRequest: readonly string[] = ON_REQUEST;

/** The types an integration may subscribe to (its manifest's `events`): the official Event union but those sent on a request. */
export const SUBSCRIBABLE_EVENT_TYPES: readonly string[] = OFFICIAL_EVENT_TYPES.filter((type) => !onRequest.includes(type));

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
  'site_view',
  'page_feedback',
] as const satisfies readonly SubscribableEventType[];

export type SentEventType = (typeof SENT_EVENT_TYPES)[number];
