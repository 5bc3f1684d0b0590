/**
 * Site and site-space customization (official, beyond the seeds). A site serves GitBook's
 * defaults until PUT replaces them whole (what the body leaves out falls back to nothing, as
 * the official document says); a site space serves the site's settings with its overrides
 * laid over them (src/rules/customization.ts), PATCHed field by field (null resets a field)
 * and removed by DELETE (205, or 204 when there were none). Reading needs membership of the
 * organization, changing needs its admin role, as for every other site operation. Bodies are
 * validated by the official schemas themselves (schemas/sites/*-customization*, generated).
 */
import { op, reply, type Operation } from '../../contract/operation.ts';
import { applyOverridePatch } from '../../rules/customization.ts';
import { requireSiteSpace, siteOf } from '../shared/site-access.ts';
import { siteCustomization, siteSpaceCustomization } from './customizations.ts';

const SITE = '/v1/orgs/{organizationId}/sites/{siteId}/customization';
const SITE_SPACE = '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization';

export const customizationOperations: Operation[] = [
  op({
    operationId: 'getSiteCustomizationById',
    method: 'GET',
    path: SITE,
    status: 200,
    query: 'sites/customization-query',
    response: 'sites/customization-settings',
    official: true,
    handle: (ctx) => siteCustomization(siteOf(ctx).site),
  }),
  op({
    operationId: 'updateSiteCustomizationById',
    method: 'PUT',
    path: SITE,
    status: 200,
    body: 'sites/customization-input',
    response: 'sites/customization-settings',
    official: true,
    handle: (ctx) => {
      const { site } = siteOf(ctx, true);
      return siteCustomization(ctx.db.sites.update(site.id, { customization: ctx.body, customizationUpdatedAt: ctx.now }));
    },
  }),
  op({
    operationId: 'getSiteSpaceCustomizationById',
    method: 'GET',
    path: SITE_SPACE,
    status: 200,
    query: 'sites/customization-query',
    response: 'sites/customization-settings',
    official: true,
    handle: (ctx) => {
      const { site } = siteOf(ctx);
      return siteSpaceCustomization(site, requireSiteSpace(ctx, site, ctx.params.siteSpaceId));
    },
  }),
  op({
    operationId: 'overrideSiteSpaceCustomizationById',
    method: 'PATCH',
    path: SITE_SPACE,
    status: 200,
    body: 'sites/site-space-customization-body',
    response: 'sites/customization-settings',
    official: true,
    handle: (ctx) => {
      const { site } = siteOf(ctx, true);
      const ss = requireSiteSpace(ctx, site, ctx.params.siteSpaceId);
      const customization = applyOverridePatch(ss.customization ?? {}, ctx.body);
      const updated = ctx.db.siteSpaces.update(ss.id, { customization, customizationUpdatedAt: ctx.now });
      return siteSpaceCustomization(site, updated);
    },
  }),
  op({
    operationId: 'deleteSiteSpaceCustomizationById',
    method: 'DELETE',
    path: SITE_SPACE,
    status: 205,
    official: true,
    handle: (ctx) => {
      const { site } = siteOf(ctx, true);
      const ss = requireSiteSpace(ctx, site, ctx.params.siteSpaceId);
      if (!ss.customization) return reply(undefined, { status: 204 });
      ctx.db.siteSpaces.update(ss.id, { customization: undefined, customizationUpdatedAt: undefined });
      return undefined;
    },
  }),
];
