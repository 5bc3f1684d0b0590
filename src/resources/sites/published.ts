/** The published view of a site: the site, its live structure, customizations and its integrations' scripts. */
import { type Operation } from '../../contract/operation.ts';
import { siteOf } from '../shared/site-access.ts';
import { siteCustomization, siteSpaceCustomizations } from './customizations.ts';
import { presentSite, siteView } from '../shared/present-site.ts';
import { presentStructure } from './site-structure.ts';
import { siteIntegrationScripts } from './integration-scripts.ts';
import { officialOp } from '../engine/operations.ts';

export const publishedOperations: Operation[] = [
  officialOp('getPublishedContentSite', {
    query: 'sites/published-query',
    response: 'sites/published-site',
    handle: (ctx) => {
      const { org, site } = siteOf(ctx);
      const view = { ...siteView(ctx, org, site, ctx.query.shareKey), liveOnly: true };
      return {
        object: 'published-content-site' as const,
        site: presentSite(ctx, org, site, view.shareKey),
        structure: presentStructure(ctx, view),
        customizations: { site: siteCustomization(site), siteSpaces: siteSpaceCustomizations(ctx, site) },
        scripts: siteIntegrationScripts(ctx, site),
      };
    },
  }),
];
