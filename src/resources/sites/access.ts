/**
 * Finding a site and what lives under it. Reading needs membership of the organization
 * (guests included); changing anything needs the admin role (403 otherwise). Unknown
 * ids, or ids of another site, are 404 (path) or 400 naming the field (body).
 */
import { can } from '../../auth/roles.ts';
import { errors } from '../../http/errors.ts';
import type { HandlerContext } from '../../http/operation.ts';
import type { OrganizationRecord, ShareLinkRecord, SiteRecord, SiteSectionGroupRecord, SiteSectionRecord, SiteSpaceRecord } from '../../store/records.ts';
import { orgRole, requireOrg } from '../shared/access.ts';

export type Ctx = HandlerContext<any, any, any>;

export interface SiteAccess {
  org: OrganizationRecord;
  site: SiteRecord;
}

/** The site of the organization; with `write`, the caller must be an admin of it. */
export function requireSite(ctx: Ctx, organizationId: string, siteId: string, write = false): SiteAccess {
  const org = requireOrg(ctx, organizationId);
  const site = ctx.rt.db.sites.get(siteId);
  if (!site || site.organization !== org.id) throw errors.notFound('Site', siteId);
  if (write && !can(orgRole(ctx.rt, org.id, ctx.user.id), 'admin')) throw errors.forbidden('change sites of this organization');
  return { org, site };
}

/** Path parameters of every operation under a site. */
export interface SitePath {
  organizationId: string;
  siteId: string;
}

export function siteOf(ctx: Ctx, write = false): SiteAccess {
  const p = ctx.params as SitePath;
  return requireSite(ctx, p.organizationId, p.siteId, write);
}

function owned<T extends { site: string }>(row: T | undefined, site: SiteRecord): row is T {
  return row !== undefined && row.site === site.id;
}

export function requireSection(ctx: Ctx, site: SiteRecord, id: string): SiteSectionRecord {
  const row = ctx.rt.db.siteSections.get(id);
  if (!owned(row, site)) throw errors.notFound('Site section', id);
  return row;
}

export function requireGroup(ctx: Ctx, site: SiteRecord, id: string): SiteSectionGroupRecord {
  const row = ctx.rt.db.siteSectionGroups.get(id);
  if (!owned(row, site)) throw errors.notFound('Site section group', id);
  return row;
}

export function requireSiteSpace(ctx: Ctx, site: SiteRecord, id: string): SiteSpaceRecord {
  const row = ctx.rt.db.siteSpaces.get(id);
  if (!owned(row, site)) throw errors.notFound('Site space', id);
  return row;
}

export function requireShareLink(ctx: Ctx, site: SiteRecord, id: string): ShareLinkRecord {
  const row = ctx.rt.db.shareLinks.get(id);
  if (!owned(row, site)) throw errors.notFound('Share link', id);
  return row;
}

/** A body field naming a section of this site (400 naming the field otherwise). */
export function sectionField(ctx: Ctx, site: SiteRecord, id: string, field: string): SiteSectionRecord {
  const row = ctx.rt.db.siteSections.get(id);
  if (!owned(row, site)) throw errors.badRequest(`${field}: no section "${id}" in this site`);
  return row;
}

export function siteSpaceField(ctx: Ctx, site: SiteRecord, id: string, field: string): SiteSpaceRecord {
  const row = ctx.rt.db.siteSpaces.get(id);
  if (!owned(row, site)) throw errors.badRequest(`${field}: no site space "${id}" in this site`);
  return row;
}

export function groupField(ctx: Ctx, site: SiteRecord, id: string, field: string): SiteSectionGroupRecord {
  const row = ctx.rt.db.siteSectionGroups.get(id);
  if (!owned(row, site)) throw errors.badRequest(`${field}: no section group "${id}" in this site`);
  return row;
}
