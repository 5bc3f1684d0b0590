/** The published view of a site: the site, its live structure, customizations and scripts. */
import { op, type Operation } from '../../http/operation.ts';
import { siteOf, type SitePath } from './access.ts';
import { defaultCustomization } from './customizations.ts';
import { presentGroup, presentSection, presentSite, presentSiteSpace, siteView } from './present.ts';
import { siteSpacesIn, topLevel } from './structure.ts';

export const publishedOperations: Operation[] = [
  op<SitePath, { shareKey?: string }>({
    operationId: 'getPublishedContentSite',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/published',
    status: 200,
    query: 'sites/published-query',
    response: 'sites/published-site',
    handle: (ctx) => {
      const { org, site } = siteOf(ctx);
      const view = { ...siteView(ctx, org, site, ctx.query.shareKey), liveOnly: true };
      const top = topLevel(ctx.rt, site.id).filter((item) => !item.row.draft);
      const structure =
        ctx.rt.db.siteSections.countBy('site', site.id) > 0
          ? {
              type: 'sections' as const,
              structure: top.map((item) => (item.kind === 'section' ? presentSection(ctx, view, item.row) : presentGroup(ctx, view, item.row))),
            }
          : {
              type: 'siteSpaces' as const,
              structure: siteSpacesIn(ctx.rt, site.id, undefined)
                .filter((ss) => !ss.draft)
                .map((ss) => presentSiteSpace(ctx, view, ss)),
            };
      return {
        object: 'published-content-site' as const,
        site: presentSite(ctx, org, site, view.shareKey),
        structure,
        customizations: { site: defaultCustomization(site), siteSpaces: {} },
        scripts: [],
      };
    },
  }),
];
