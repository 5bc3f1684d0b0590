/**
 * Site and site-space customization (official, beyond the seeds). A site serves GitBook's
 * defaults until PUT replaces them whole (what the body leaves out falls back to nothing, as
 * the official document says); a site space serves the site's settings with its overrides
 * laid over them (src/rules/customization.ts), PATCHed field by field (null resets a field)
 * and removed by DELETE (205, or 204 when there were none). Reading needs membership of the
 * organization, changing needs its admin role, as for every other site operation. Bodies are
 * validated by the official schemas themselves (schemas/sites/*-customization*, generated).
 */
import { reply, type Operation } from '../../contract/operation.ts';
import { applyOverridePatch } from '../../rules/customization.ts';
import { requireSiteSpace, siteOf } from '../shared/site-access.ts';
import { siteCustomization, siteSpaceCustomization } from './customizations.ts';
import { officialOp } from '../engine/operations.ts';

export const customizationOperations: Operation[] = [
  officialOp('getSiteCustomizationById', {
    query: 'sites/customization-query',
    response: 'sites/customization-settings',
    handle: (ctx) => siteCustomization(siteOf(ctx).site),
  }),
  officialOp('updateSiteCustomizationById', {
    body: 'sites/customization-input',
    response: 'sites/customization-settings',
    handle: (ctx) => {
      const { site } = siteOf(ctx, true);
      return siteCustomization(ctx.db.sites.update(site.id, { customization: ctx.body, customizationUpdatedAt: ctx.now }));
    },
  }),
  officialOp('getSiteSpaceCustomizationById', {
    query: 'sites/customization-query',
    response: 'sites/customization-settings',
    handle: (ctx) => {
      const { site } = siteOf(ctx);
      return siteSpaceCustomization(site, requireSiteSpace(ctx, site, ctx.params.siteSpaceId));
    },
  }),
  officialOp('overrideSiteSpaceCustomizationById', {
    body: 'sites/site-space-customization-body',
    response: 'sites/customization-settings',
    handle: (ctx) => {
      const { site } = siteOf(ctx, true);
      const ss = requireSiteSpace(ctx, site, ctx.params.siteSpaceId);
      const customization = applyOverridePatch(ss.customization ?? {}, ctx.body);
      const updated = ctx.db.siteSpaces.update(ss.id, { customization, customizationUpdatedAt: ctx.now });
      return siteSpaceCustomization(site, updated);
    },
  }),
  officialOp('deleteSiteSpaceCustomizationById', {
    status: 205,
    handle: (ctx) => {
      const { site } = siteOf(ctx, true);
      const ss = requireSiteSpace(ctx, site, ctx.params.siteSpaceId);
      if (!ss.customization) return reply(undefined, { status: 204 });
      ctx.db.siteSpaces.update(ss.id, { customization: undefined, customizationUpdatedAt: undefined });
      return undefined;
    },
  }),
];
