/** The published view of a site: the site, its live structure, customizations and its integrations' scripts. */
import { op, type Operation } from '../../contract/operation.ts';
import { siteOf } from '../shared/site-access.ts';
import { siteCustomization, siteSpaceCustomizations } from './customizations.ts';
import { presentSite, siteView } from '../shared/present-site.ts';
import { presentStructure } from './site-structure.ts';
import { siteIntegrationScripts } from './integration-scripts.ts';

export const publishedOperations: Operation[] = [
  op({
    operationId: 'getPublishedContentSite',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/published',
    status: 200,
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
