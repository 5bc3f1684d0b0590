/**
 * A site's structure, for GET .../structure (official getSiteStructure) and the published
 * view: a site with sections answers its top level (ungrouped sections and section groups in
 * their shared order, each with its site spaces, then the top-level external links, which the
 * published view leaves out: present.ts, `structureLinks`); a site without sections answers its
 * site spaces. The published view (`liveOnly`) leaves drafts out. Read from the records the
 * section, group and site-space operations write, so every move shows at once.
 */
import { type HandlerContext, type Operation } from '../../contract/operation.ts';
import { siteOf } from '../shared/site-access.ts';
import { presentGroup, presentSection, presentSiteSpace, siteView, structureLinks, type SiteView } from '../shared/present-site.ts';
import { siteSpacesIn, topLevel } from '../shared/site-structure.ts';
import { officialOp } from '../engine/operations.ts';

export function presentStructure(ctx: HandlerContext, view: SiteView) {
  const { site, liveOnly } = view;
  if (ctx.db.siteSections.countBy('site', site.id) > 0) {
    const top = topLevel(ctx.db, site.id).filter((item) => !(liveOnly && item.row.draft) && (item.kind === 'group' || view.showsSection(item.row)));
    return {
      type: 'sections' as const,
      structure: [
        ...top.map((item) => (item.kind === 'section' ? presentSection(ctx, view, item.row) : presentGroup(ctx, view, item.row))),
        ...structureLinks(ctx, view, undefined),
      ],
    };
  }
  return {
    type: 'siteSpaces' as const,
    structure: siteSpacesIn(ctx.db, site.id, undefined)
      .filter((ss) => !(liveOnly && ss.draft) && view.showsSiteSpace(ss))
      .map((ss) => presentSiteSpace(ctx, view, ss)),
  };
}

export const siteStructureOperations: Operation[] = [
  officialOp('getSiteStructure', {
    query: 'sites/structure-query',
    response: 'sites/site-structure',
    handle: (ctx) => {
      const { org, site } = siteOf(ctx);
      return presentStructure(ctx, siteView(ctx, org, site, ctx.query.shareKey));
    },
  }),
];
