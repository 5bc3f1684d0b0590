/**
 * External links of a site as its structure shows them (the family itself is
 * families/site-external-links.ts): the official SiteExternalLink, and a container's links in
 * their order.
 */
import type { HandlerContext } from '../../contract/operation.ts';
import type { SiteExternalLinkRecord } from '../../store/records.ts';

/** The official SiteExternalLink of a record. */
export function presentExternalLink(ctx: Pick<HandlerContext, 'db'>, l: SiteExternalLinkRecord) {
  const group = l.sectionGroup && ctx.db.siteSectionGroups.get(l.sectionGroup) ? l.sectionGroup : undefined;
  return {
    object: 'site-external-link' as const,
    id: l.id,
    title: l.title,
    url: l.url,
    ...(l.description !== undefined && { description: l.description }),
    ...(l.icon !== undefined && { icon: l.icon }),
    ...(group && { sectionGroup: group }),
    draft: l.draft,
    ...(l.condition !== undefined && { condition: l.condition }),
  };
}

/**
 * The external links of a container (a group, or the top level when `group` is undefined), in
 * their order: those sorted (sortSiteStructure) by position, then the others in creation order.
 */
export function externalLinksIn(ctx: Pick<HandlerContext, 'db'>, siteId: string, group: string | undefined, liveOnly = false): SiteExternalLinkRecord[] {
  const links = ctx.db.siteExternalLinks
    .by('parent', siteId)
    .filter((l) => (l.sectionGroup && ctx.db.siteSectionGroups.get(l.sectionGroup) ? l.sectionGroup : undefined) === group && !(liveOnly && l.draft));
  return links.some((l) => l.position !== undefined) ? links.sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity)) : links;
}
