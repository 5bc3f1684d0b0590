/**
 * trackEventsInSiteById: what a published site's pages report about their visitors. The mock
 * keeps no analytics; it tells the integrations installed on the site, as GitBook does: a
 * `page_view` becomes a `site_view` event, a `page_post_feedback` (or its comment) a
 * `page_feedback` event (src/events/). The other insight types are accepted and dropped.
 * Nothing is told for a site that is not published (no visitor can be on it).
 */
import { op, reply, type Operation, type VisitorActivity } from '../../contract/operation.ts';
import { officialSchema } from '../engine/family.ts';
import { officialRoute } from '../engine/operations.ts';
import { siteOf } from './access.ts';

/** The fields of an official SiteInsightsEvent the events read (the body schema checks the rest). */
interface Tracked {
  type: string;
  session: { visitorId: string; cookies: Record<string, string>; userAgent: string; language: string | null; referrer: string | null; ip?: string };
  location: { url: string; space: string | null; siteSpace: string | null; page: string | null };
  feedback?: { rating: 'bad' | 'ok' | 'good'; comment?: string };
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
  op({
    operationId: 'trackEventsInSiteById',
    ...officialRoute('trackEventsInSiteById'),
    official: true,
    status: 204,
    body: officialSchema.body('trackEventsInSiteById'),
    handle: (ctx) => {
      const { site } = siteOf(ctx);
      if (site.published) for (const event of ctx.body.events) {
        const what = occurrenceOf(site.id, event);
        if (what) ctx.happened?.push(what);
      }
      return reply(undefined, {});
    },
  }),
];
