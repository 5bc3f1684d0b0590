/**
 * trackEventsInSiteById: what a published site's pages report about their visitors. Each event
 * is kept (the fields the insight reads use: insight-reads.ts) and told to the integrations
 * installed on the site, as GitBook does: a `page_view` becomes a `site_view` event, a
 * `page_post_feedback` (or its comment) a `page_feedback` event (src/events/). Nothing is kept
 * or told for a site that is not published (no visitor can be on it).
 */
import { reply, type Operation, type VisitorActivity } from '../../contract/operation.ts';
import { officialOp } from '../engine/operations.ts';
import { siteOf } from '../shared/site-access.ts';
import { KEPT, keepRow } from '../shared/kept.ts';

/** The fields of an official SiteInsightsEvent the events read (the body schema checks the rest). */
interface Tracked {
  type: string;
  timestamp?: string;
  session: { visitorId: string; sessionId: string; cookies: Record<string, string>; userAgent: string; language: string | null; referrer: string | null; ip?: string; visitorAuthClaims?: Record<string, unknown> };
  location: { url: string; displayContext?: string; siteSection: string | null; siteShareKey: string | null; space: string | null; siteSpace: string | null; page: string | null };
  feedback?: { rating: 'bad' | 'ok' | 'good'; comment?: string };
  query?: string;
}

/** What is kept of an event: what the insight reads group, filter and count by (insight-reads.ts). */
function keptOf(event: Tracked, now: string) {
  const { session, location } = event;
  return {
    type: event.type,
    at: event.timestamp ?? now,
    visitorId: session.visitorId,
    sessionId: session.sessionId,
    url: location.url,
    displayContext: location.displayContext ?? 'site',
    siteSection: location.siteSection,
    siteSpace: location.siteSpace,
    siteShareKey: location.siteShareKey,
    space: location.space,
    page: location.page,
    language: session.language,
    referrer: session.referrer || null,
    ...(session.visitorAuthClaims && { claims: session.visitorAuthClaims }),
    ...(event.feedback && { rating: event.feedback.rating, ...(event.feedback.comment !== undefined && { comment: event.feedback.comment }) }),
    ...(typeof event.query === 'string' && { query: event.query }),
  };
}

/** What GitBook tells the integration about the visitor (official EventVisitor). */
function visitorOf({ session }: Tracked) {
  return {
    anonymousId: session.visitorId,
    cookies: session.cookies,
    userAgent: session.userAgent,
    // The official document: without `ip`, the service takes the caller's; handlers do not see it.
    ip: session.ip ?? '127.0.0.1',
    ...(session.language && { language: session.language }),
  };
}

function occurrenceOf(site: string, event: Tracked): VisitorActivity | undefined {
  const { location } = event;
  const common = {
    ...(location.space && { spaceId: location.space }),
    ...(location.page && { pageId: location.page }),
    visitor: visitorOf(event),
    url: location.url,
    referrer: event.session.referrer ?? '',
  };
  if (event.type === 'page_view') return { type: 'site_view', site, fields: { ...common, ...(location.siteSpace && { siteSpaceId: location.siteSpace }) } };
  if (event.type === 'page_post_feedback' || event.type === 'page_post_feedback_comment') return { type: 'page_feedback', site, fields: { ...common, feedback: event.feedback } };
  return undefined;
}

export const insightOperations: Operation[] = [
  officialOp('trackEventsInSiteById', {
    handle: (ctx) => {
      const { site } = siteOf(ctx);
      if (site.published) for (const event of ctx.body.events as Tracked[]) {
        keepRow(ctx, KEPT.insightEvents, site.id, keptOf(event, ctx.now));
        const what = occurrenceOf(site.id, event);
        if (what) ctx.happened?.push(what);
      }
      return reply(undefined, {});
    },
  }),
];
