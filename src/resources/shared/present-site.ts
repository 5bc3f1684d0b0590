/**
 * Site, SiteSection, SiteSpace, SiteSectionGroup and ShareLink objects, derived from the
 * records on every response (counts, defaults, permissions and URLs never go stale).
 */
import { can } from '../../auth/roles.ts';
import { errors } from '../../contract/errors.ts';
import { resolveShareKey } from '../../rules/share-links.ts';
import type { OrganizationRecord, ShareLinkRecord, SiteRecord, SiteSectionGroupRecord, SiteSectionRecord, SiteSpaceRecord } from '../../store/records.ts';
import { orgRole } from './access.ts';
import { apiUrl, appUrl } from './present.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import { presentMissingSpace, presentSpaceToCaller } from './present-space.ts';
import { defaultSectionId, defaultSiteSpaceId, itemsIn, orderedSections, parentGroup, siteSpacesIn } from './site-structure.ts';
import { sectionUrl, siteSpaceUrl, siteUrl } from './site-urls.ts';
import { externalLinksIn, presentExternalLink } from './external-links.ts';
import { adsOf, styleguideOf } from './kept.ts';
import { sectionShownTo, siteSpaceShownTo } from './site-visitor.ts';

/** What every object of one site needs to present itself, worked out once per request. */
export interface SiteView {
  org: OrganizationRecord;
  site: SiteRecord;
  /** An active share key given by the caller, carried in published URLs. */
  shareKey?: string;
  /** Whether sections and site spaces have `urls.published`. */
  resolves: boolean;
  defaultSection?: string;
  /** Leave draft sections, groups and site spaces out (the published structure). */
  liveOnly?: boolean;
  /** The sections the caller sees (a site token's visitor: those whose condition holds; shared/site-visitor.ts). */
  showsSection: (section: SiteSectionRecord) => boolean;
  /** The site spaces the caller sees. */
  showsSiteSpace: (ss: SiteSpaceRecord) => boolean;
}

/**
 * The view of a site for a request. `shareKey`, when given, must be the key of an active
 * share link of the site (400 naming `query.shareKey` otherwise). Sections and site
 * spaces of a published site have published URLs; on a share-link site only with a key.
 */
export function siteView(ctx: HandlerContext, org: OrganizationRecord, site: SiteRecord, shareKey?: string): SiteView {
  const resolution = resolveShareKey(ctx.db.shareLinks.by('site', site.id), shareKey);
  if (resolution.kind === 'unknown') throw errors.badRequest('query.shareKey is not the key of a share link of this site');
  if (resolution.kind === 'inactive') throw errors.badRequest('query.shareKey belongs to a share link that is not active');
  const key = resolution.kind === 'active' ? resolution.key : undefined;
  const resolves = site.published && (site.visibility !== 'share-link' || key !== undefined);
  const showsSection = sectionShownTo(ctx.db, ctx.user.id);
  const showsSiteSpace = siteSpaceShownTo(ctx.db, ctx.user.id);
  return { org, site, resolves, defaultSection: defaultSectionId(ctx.db, site, showsSection), showsSection, showsSiteSpace, ...(key && { shareKey: key }) };
}

function siteFeatures(ctx: HandlerContext, site: SiteRecord) {
  const ids: string[] = [];
  if (ctx.db.siteSections.countBy('site', site.id) > 0) ids.push('sites-sections');
  if (site.adaptiveContent.enabled) ids.push('sites-adaptive-content');
  if (site.visibility === 'share-link') ids.push('sites-share-links');
  if (site.visibility === 'visitor-auth') ids.push('sites-visitor-authentication');
  if (site.hostname) ids.push('sites-custom-domain');
  if (site.proxy) ids.push('sites-custom-subdirectory');
  return ids.map((id) => ({ id, plan: site.type, frozen: false }));
}

export function presentSite(ctx: HandlerContext, org: OrganizationRecord, site: SiteRecord, shareKey?: string) {
  const role = orgRole(ctx.db, org.id, ctx.user.id);
  const member = role !== undefined;
  const admin = can(role, 'admin');
  const ads = adsOf(ctx, site);
  const styleguide = styleguideOf(ctx, site);
  return {
    object: 'site' as const,
    id: site.id,
    type: site.type,
    appliedType: site.type,
    title: site.title,
    ...(site.hostname && { hostname: site.hostname }),
    ...(site.basename && { basename: site.basename }),
    ...(site.proxy && { proxy: site.proxy }),
    visibility: site.visibility,
    defaultLevel: site.defaultLevel === undefined ? ('inherit' as const) : site.defaultLevel,
    permissions: {
      view: member,
      access: member,
      edit: admin,
      create: admin,
      admin,
      installIntegration: admin,
      viewAdaptiveSchema: member,
      editAdaptiveSchema: admin,
    },
    published: site.published,
    siteSpaces: ctx.db.siteSpaces.countBy('site', site.id),
    createdAt: site.createdAt,
    adaptiveContent: { enabled: site.adaptiveContent.enabled },
    ...(ads && { ads }),
    ...(styleguide && { styleguide: { kind: 'space' as const, space: styleguide.id } }),
    agentsContext: site.agentsContext,
    features: siteFeatures(ctx, site),
    urls: {
      location: apiUrl(ctx, `/orgs/${org.id}/sites/${site.id}`),
      app: appUrl(`/o/${org.id}/sites/${site.id}`),
      preview: appUrl(`/o/${org.id}/sites/${site.id}/preview`),
      ...(site.published && { published: siteUrl(org, site, shareKey) }),
    },
  };
}

export function presentSiteSpace(ctx: HandlerContext, view: SiteView, ss: SiteSpaceRecord) {
  const space = ctx.db.spaces.get(ss.space);
  const isDefault = defaultSiteSpaceId(ctx.db, view.site, ss.section, view.showsSiteSpace) === ss.id;
  return {
    object: 'site-space' as const,
    id: ss.id,
    path: ss.path,
    ...(ss.section && { section: ss.section }),
    space: space ? presentSpaceToCaller(ctx, space) : presentMissingSpace(ctx, ss.space, view.org.id),
    title: space?.title ?? 'Deleted space',
    default: isDefault,
    ...(ss.condition !== undefined && { condition: ss.condition }),
    draft: ss.draft ?? false,
    ...(ss.hidden !== undefined && { hidden: ss.hidden }),
    hasAdvancedCustomizationFeature: false,
    urls: view.resolves ? { published: siteSpaceUrl(ctx.db, view, ss) } : {},
  };
}

export function presentSection(ctx: HandlerContext, view: SiteView, section: SiteSectionRecord) {
  return {
    object: 'site-section' as const,
    id: section.id,
    title: section.title,
    ...(section.description !== undefined && { description: section.description }),
    default: view.defaultSection === section.id,
    draft: section.draft ?? false,
    path: section.path,
    ...(section.condition !== undefined && { condition: section.condition }),
    ...(section.sectionGroup && { sectionGroup: section.sectionGroup }),
    ...(section.icon && { icon: section.icon }),
    siteSpaces: siteSpacesIn(ctx.db, view.site.id, section.id)
      .filter((ss) => !(view.liveOnly && ss.draft) && view.showsSiteSpace(ss))
      .map((ss) => presentSiteSpace(ctx, view, ss)),
    urls: view.resolves ? { published: sectionUrl(view, section) } : {},
  };
}

export function presentGroup(ctx: HandlerContext, view: SiteView, group: SiteSectionGroupRecord): PresentedGroup {
  const items = itemsIn(ctx.db, view.site.id, group.id).filter((item) => !(view.liveOnly && item.row.draft) && (item.kind === 'group' || view.showsSection(item.row)));
  const sections = items.flatMap((item) => (item.kind === 'section' ? [presentSection(ctx, view, item.row)] : []));
  const parent = parentGroup(ctx.db, group);
  return {
    object: 'site-section-group' as const,
    id: group.id,
    title: group.title,
    ...(group.icon && { icon: group.icon }),
    ...(parent && { sectionGroup: parent }),
    draft: group.draft ?? false,
    sections,
    children: [
      ...items.map((item) => (item.kind === 'section' ? presentSection(ctx, view, item.row) : presentGroup(ctx, view, item.row))),
      ...structureLinks(ctx, view, group.id),
    ],
  };
}

/** A section group as presented: its children hold the groups nested in it, presented the same way. */
export interface PresentedGroup {
  object: 'site-section-group';
  id: string;
  title: string;
  icon?: string;
  sectionGroup?: string;
  draft: boolean;
  sections: ReturnType<typeof presentSection>[];
  children: (ReturnType<typeof presentSection> | PresentedGroup | ReturnType<typeof presentExternalLink>)[];
}

export function presentShareLink(view: Pick<SiteView, 'org' | 'site'>, link: ShareLinkRecord) {
  return {
    object: 'share-link' as const,
    id: link.id,
    createdAt: link.createdAt,
    name: link.name,
    active: link.active,
    urls: { published: siteUrl(view.org, view.site, link.key) },
  };
}

/** Every section in structure order, presented (for lists that are not paginated by id). */
export function presentSections(ctx: HandlerContext, view: SiteView) {
  return orderedSections(ctx.db, view.site.id).filter(view.showsSection).map((s) => presentSection(ctx, view, s));
}

/**
 * The external links of a container (a group, or the top level), as the site's structure shows
 * them. The published view (`liveOnly`, what GitBook's renderer reads) has none: the renderer
 * knows sections and groups only and fails on any other entry (GitbookIO/gitbook, lib/context.ts
 * and encodeClientSiteSections.ts), so the service it is written against sends none there
 * (docs/behaviour.md, "External links of a site").
 */
export function structureLinks(ctx: HandlerContext, view: SiteView, group: string | undefined) {
  if (view.liveOnly) return [];
  return externalLinksIn(ctx, view.site.id, group).map((l) => presentExternalLink(ctx, l));
}
