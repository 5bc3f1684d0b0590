/**
 * Which redirect of a site a path meets, and the published URL it sends to: what the site
 * redirects family answers for a source (families/site-redirects.ts) and what URL lookups
 * (resources/urls/) answer for a path that names no page.
 */
import type { HandlerContext } from '../../contract/operation.ts';
import type { SiteRedirectRecord } from '../../store/records.ts';
import { findPage } from './page-tree.ts';
import { sectionUrl, siteSpaceUrl, urlContext } from './site-urls.ts';

/** The pages of a space's live content. */
export function pagesOf(ctx: HandlerContext, spaceId: string) {
  const space = ctx.db.spaces.get(spaceId);
  return (space && ctx.db.revisions.get(space.revision)?.pages) || [];
}

/** Whether `source` of a redirect matches a requested path; with the suffix a wildcard caught. */
function matchSource(pattern: string, path: string): { suffix: string } | undefined {
  if (pattern === path) return { suffix: '' };
  if (pattern.endsWith('/*') && path.startsWith(pattern.slice(0, -1))) return { suffix: path.slice(pattern.length - 1) };
  if (pattern.endsWith('*') && !pattern.endsWith('/*') && path.startsWith(pattern.slice(0, -1))) return { suffix: path.slice(pattern.length - 1) };
  return undefined;
}

/** The published URL a redirect sends to. */
function targetOf(ctx: HandlerContext, scope: { id: string }, r: SiteRedirectRecord, suffix: string, shareKey?: string): string {
  const site = ctx.db.sites.existing(scope.id);
  const view = urlContext(ctx.db, ctx.db.organizations.existing(site.organization), site, shareKey);
  const d = r.destination;
  const tail = r.captureWildcard && suffix ? `/${suffix.replace(/^\/+/, '')}` : '';
  if (d.kind === 'external') return tail ? `${d.url.replace(/\/+$/, '')}${tail}` : d.url;
  if (d.kind === 'site-section') return `${sectionUrl(view, ctx.db.siteSections.get(d.siteSectionId))}${tail}`;
  const ss = ctx.db.siteSpaces.get(d.siteSpaceId);
  if (!ss) return sectionUrl(view, undefined);
  const page = d.kind === 'site-page' ? findPage(pagesOf(ctx, ss.space), d.pageId) : undefined;
  return `${siteSpaceUrl(ctx.db, view, ss)}${page ? `/${page.path}` : ''}${tail}`;
}

/**
 * The live redirect of the site that a path matches, and the published URL it sends to: an
 * exact source wins over a wildcard; among wildcards the longest. Also what URL lookups
 * (resources/urls/) answer for a path that names no page.
 */
export function redirectFor(ctx: HandlerContext, scope: { id: string }, source: string, shareKey?: string): { redirect: SiteRedirectRecord; target: string } | undefined {
  const live = ctx.db.siteRedirects.by('parent', scope.id).filter((r) => !r.draft);
  const ranked = live.flatMap((r) => {
    const m = matchSource(r.source, source);
    return m ? [{ r, m }] : [];
  });
  ranked.sort((a, b) => Number(b.m.suffix === '') - Number(a.m.suffix === '') || b.r.source.length - a.r.source.length);
  const best = ranked[0];
  return best && { redirect: best.r, target: targetOf(ctx, scope, best.r, best.m.suffix, shareKey) };
}
