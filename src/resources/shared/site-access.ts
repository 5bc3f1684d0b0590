/**
 * Finding a site and what lives under it. Reading needs membership of the organization
 * (guests included); changing anything needs the admin role (403 otherwise). Unknown
 * ids, or ids of another site, are 404 (path) or 400 naming the field (body).
 */
import { errors } from '../../contract/errors.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import type { OrganizationRecord, ShareLinkRecord, SiteRecord, SiteSectionGroupRecord, SiteSectionRecord, SiteSpaceRecord } from '../../store/records.ts';
import { orgRole, requireCapability, requireOrg } from './access.ts';
import { findIn, findOrThrow } from './find.ts';
import { siteOfCaller } from '../../auth/site-token.ts';

export interface SiteAccess {
  org: OrganizationRecord;
  site: SiteRecord;
}

/**
 * The site of the organization; with `write`, the caller must be an admin of it. A site API
 * token's visitor sees its own site only (shared/site-visitor.ts).
 */
export function requireSite(ctx: HandlerContext, organizationId: string, siteId: string, write = false): SiteAccess {
  const org = requireOrg(ctx, organizationId);
  const visited = siteOfCaller(ctx.user.id);
  const site = findOrThrow(ctx.db.sites, siteId, 'Site', (s) => s.organization === org.id && (visited === undefined || s.id === visited));
  if (write) requireCapability(orgRole(ctx.db, org.id, ctx.user.id), 'admin', 'change sites of this organization');
  return { org, site };
}

/** Path parameters of every operation under a site. */
export interface SitePath {
  organizationId: string;
  siteId: string;
}

export function siteOf(ctx: HandlerContext, write = false): SiteAccess {
  const p = ctx.params as SitePath;
  return requireSite(ctx, p.organizationId, p.siteId, write);
}

/** Whether a row belongs to the site (for findOrThrow and findIn). */
function inSite(site: SiteRecord) {
  return (row: { site: string }) => row.site === site.id;
}

export function requireSection(ctx: HandlerContext, site: SiteRecord, id: string): SiteSectionRecord {
  return findOrThrow(ctx.db.siteSections, id, 'Site section', inSite(site));
}

export function requireGroup(ctx: HandlerContext, site: SiteRecord, id: string): SiteSectionGroupRecord {
  return findOrThrow(ctx.db.siteSectionGroups, id, 'Site section group', inSite(site));
}

export function requireSiteSpace(ctx: HandlerContext, site: SiteRecord, id: string): SiteSpaceRecord {
  return findOrThrow(ctx.db.siteSpaces, id, 'Site space', inSite(site));
}

export function requireShareLink(ctx: HandlerContext, site: SiteRecord, id: string): ShareLinkRecord {
  return findOrThrow(ctx.db.shareLinks, id, 'Share link', inSite(site));
}

/** A body field naming a section of this site (400 naming the field otherwise). */
export function sectionField(ctx: HandlerContext, site: SiteRecord, id: string, field: string): SiteSectionRecord {
  const row = findIn(ctx.db.siteSections, id, inSite(site));
  if (!row) throw errors.unknownReference(id, `${field}: no section "${id}" in this site`);
  return row;
}

export function siteSpaceField(ctx: HandlerContext, site: SiteRecord, id: string, field: string): SiteSpaceRecord {
  const row = findIn(ctx.db.siteSpaces, id, inSite(site));
  if (!row) throw errors.unknownReference(id, `${field}: no site space "${id}" in this site`);
  return row;
}

export function groupField(ctx: HandlerContext, site: SiteRecord, id: string, field: string): SiteSectionGroupRecord {
  const row = findIn(ctx.db.siteSectionGroups, id, inSite(site));
  if (!row) throw errors.unknownReference(id, `${field}: no section group "${id}" in this site`);
  return row;
}
