/**
 * What the visitor of a published site may do with the site API token a URL lookup hands out
 * (auth/site-token.ts): what GitBook lets anyone who opened the site do, and nothing else. The
 * renderer makes these calls with the token (GitbookIO/gitbook: lib/data/api.ts,
 * components/Search/server-actions.tsx, components/SitePage/fetch.ts, lib/tracking).
 * On another site, or any operation not listed here, the token is a guest of the organization
 * that sees no site (404) and reads only the spaces of its own site (shared/access.ts).
 */
import { claimsOfCaller, siteOfCaller } from '../../auth/site-token.ts';
import { opensFor } from '../../rules/adaptive-condition.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import type { Tables } from '../../store/store.ts';
import type { OpenApiSpecRecord, SiteRecord, SiteSectionRecord, SiteSpaceRecord } from '../../store/records.ts';
import { toDocument } from './markdown.ts';

/** The operations under `/orgs/{organizationId}/sites/{siteId}` a visitor of that site makes. */
export const SITE_VISITOR_OPERATIONS: ReadonlySet<string> = new Set([
  // What the site is: its published content, structure and customizations.
  'getPublishedContentSite',
  // A path that names no page: the redirect, or 404 when there is none.
  'getSiteRedirectBySource',
  // Search, ask and the recommended questions of the search panel; the assistant's answer and its feedback.
  'searchSiteContent',
  'streamAskInSite',
  'streamRecommendedQuestionsInSite',
  'streamAIResponseInSite',
  'submitSiteAgentFeedback',
  'submitAgentFeedbackToSite',
  // The scripts of the integrations installed on the site, and what its pages report (insights).
  'listSiteIntegrationScripts',
  'trackEventsInSiteById',
]);

/** The site whose visitor the caller is (by a site API token), if it is one. */
export function visitorSite(ctx: Pick<HandlerContext, 'user'>): string | undefined {
  return siteOfCaller(ctx.user.id);
}

/**
 * The site spaces the caller sees (adaptive content, docs/behaviour.md): a site token's visitor,
 * those whose condition and whose section's condition hold for the claims the URL lookup put in
 * the token; anyone else (members, admins, guests by their own token) every one.
 */
export function siteSpaceShownTo(db: Tables, userId: string): (ss: SiteSpaceRecord) => boolean {
  const claims = claimsOfCaller(userId);
  if (claims === undefined) return () => true;
  const holds = opensFor(claims);
  return (ss) => holds(ss.condition) && (ss.section === undefined || holds(db.siteSections.get(ss.section)?.condition));
}

/** The sections the caller sees: those with a site space it sees (so its own condition holds). */
export function sectionShownTo(db: Tables, userId: string): (section: SiteSectionRecord) => boolean {
  if (claimsOfCaller(userId) === undefined) return () => true;
  const siteSpace = siteSpaceShownTo(db, userId);
  return (section) => db.siteSpaces.by('site', section.site).some((ss) => ss.section === section.id && siteSpace(ss));
}

/** Whether the caller visits `site` (by its token) and `operationId` is one a visitor makes. */
export function visits(ctx: Pick<HandlerContext, 'user'>, site: SiteRecord, operationId: string): boolean {
  return visitorSite(ctx) === site.id && SITE_VISITOR_OPERATIONS.has(operationId);
}

/**
 * Whether a page of a space of the caller's site is generated from `spec` or shows one of its
 * operations (an OpenAPI page), so that its visitor reads the spec's content as the page needs it.
 */
export function siteEmbedsSpec(ctx: Pick<HandlerContext, 'user' | 'db'>, spec: OpenApiSpecRecord): boolean {
  const site = visitorSite(ctx);
  if (site === undefined) return false;
  const shown = siteSpaceShownTo(ctx.db, ctx.user.id);
  const spaces = new Set(ctx.db.siteSpaces.by('site', site).filter(shown).map((ss) => ss.space));
  for (const space of spaces) {
    const record = ctx.db.spaces.get(space);
    const revision = record && ctx.db.revisions.get(record.revision);
    if (revision && embeds(revision.pages, spec.slug)) return true;
  }
  return false;
}

interface PageLike {
  computed?: { spec?: string };
  markdown?: string;
  pages?: PageLike[];
}

function embeds(pages: readonly PageLike[] | undefined, slug: string): boolean {
  return (pages ?? []).some((p) => p.computed?.spec === slug || showsOperationOf(p.markdown, slug) || embeds(p.pages, slug));
}

/** Whether the page's body holds an OpenAPI block of `slug` (as the markdown reader reads it). */
function showsOperationOf(markdown: string | undefined, slug: string): boolean {
  if (!markdown?.includes('{%')) return false;
  return toDocument(markdown).nodes.some((block) => block.type.startsWith('openapi-') && (block.data.ref as { spec?: string } | undefined)?.spec === slug);
}
