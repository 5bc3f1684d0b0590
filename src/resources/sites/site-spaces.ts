/** Site spaces: list, add, update, delete, and the deprecated move. */
import { errors } from '../../contract/errors.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { op, reply, type Operation, type HandlerContext } from '../../contract/operation.ts';
import { arrayView, paginate } from '../../contract/paginate.ts';
import { canLeave, moveInOrder, uniquePath } from '../../rules/site-order.ts';
import type { SiteSpaceRecord } from '../../store/records.ts';
import { apiUrl } from '../shared/present.ts';
import { requireSiteSpace, sectionField, siteOf, siteSpaceField, type SitePath } from './access.ts';
import { presentSiteSpace, siteView } from './present.ts';
import { assertSpaceFree, insertSiteSpace } from './site-space-writes.ts';
import { createBlankSpace, spaceField } from './spaces.ts';
import { defaultSectionId, isDefaultSiteSpace, orderedSiteSpaces, renumber, siteSpacesIn } from './structure.ts';

const BASE = '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces';
type SiteSpacePath = SitePath & { siteSpaceId: string };

function siteSpaceOf(ctx: HandlerContext, write = false) {
  const { org, site } = siteOf(ctx, write);
  return { org, site, ss: requireSiteSpace(ctx, site, (ctx.params as SiteSpacePath).siteSpaceId) };
}

/** A section keeps at least one site space: its last one can neither leave nor be deleted. */
function assertCanLeave(ctx: HandlerContext, ss: SiteSpaceRecord, action: string): void {
  if (!canLeave(siteSpacesIn(ctx.db, ss.site, ss.section).length, ss.section !== undefined)) {
    throw errors.conflict(`Site space "${ss.id}" is the last one of section "${ss.section}" and cannot be ${action}; delete the section instead`);
  }
}

export const siteSpaceOperations: Operation[] = [
  op({
    operationId: 'listSiteSpaces',
    method: 'GET',
    path: BASE,
    status: 200,
    query: 'sites/list-site-spaces-query',
    response: 'sites/site-space-list',
    handle: (ctx) => {
      const { org, site } = siteOf(ctx);
      const view = siteView(ctx, org, site, ctx.query.shareKey);
      const wanted = ctx.query.default;
      return paginate(arrayView(orderedSiteSpaces(ctx.db, site.id)), ctx.query, (ss) => presentSiteSpace(ctx, view, ss), (ss) =>
        wanted === undefined || isDefaultSiteSpace(ctx.db, site, ss) === wanted,
      );
    },
  }),
  op({
    operationId: 'addSpaceToSite',
    method: 'POST',
    path: BASE,
    status: 201,
    body: 'sites/add-site-space-body',
    response: 'sites/site-space',
    handle: (ctx) => {
      const { org, site } = siteOf(ctx, true);
      const b = ctx.body;
      const sectionId = b.sectionId ? sectionField(ctx, site, b.sectionId, 'body.sectionId').id : defaultSectionId(ctx.db, site);
      const space = b.spaceId === null ? createBlankSpace(ctx, org, b.title ?? 'Untitled space') : spaceField(ctx, org, b.spaceId, 'body.spaceId');
      const ss = insertSiteSpace(ctx, site, space, sectionId, { draft: b.draft });
      return reply(presentSiteSpace(ctx, siteView(ctx, org, site), ss), { headers: { Location: apiUrl(ctx, `/orgs/${org.id}/sites/${site.id}/site-spaces/${ss.id}`) } });
    },
  }),
  op({
    operationId: 'deleteSiteSpaceById',
    method: 'DELETE',
    path: `${BASE}/{siteSpaceId}`,
    status: 205,
    handle: (ctx) => {
      const { ss } = siteSpaceOf(ctx, true);
      assertCanLeave(ctx, ss, 'deleted');
      removeWithDependents(ctx.db, 'siteSpaces', ss.id);
    },
  }),
  op({
    operationId: 'updateSiteSpaceById',
    method: 'PATCH',
    path: `${BASE}/{siteSpaceId}`,
    status: 200,
    body: 'sites/update-site-space-body',
    response: 'sites/site-space',
    handle: (ctx) => {
      const { org, site, ss } = siteSpaceOf(ctx, true);
      const b = ctx.body;
      const patch: Partial<SiteSpaceRecord> = {};
      if (b.path !== undefined) {
        if (siteSpacesIn(ctx.db, site.id, ss.section).some((o) => o.id !== ss.id && o.path === b.path)) {
          throw errors.conflict(`Another site space next to this one already has the path "${b.path}"`);
        }
        patch.path = b.path;
      }
      if (b.spaceId !== undefined) {
        const space = spaceField(ctx, org, b.spaceId, 'body.spaceId');
        assertSpaceFree(ctx, site, ss.section, space.id, ss.id);
        patch.space = space.id;
      }
      if (b.condition !== undefined) patch.condition = b.condition ?? undefined;
      if (b.hidden !== undefined) patch.hidden = b.hidden;
      if (b.draft !== undefined) patch.draft = b.draft;
      return presentSiteSpace(ctx, siteView(ctx, org, site), ctx.db.siteSpaces.update(ss.id, patch));
    },
  }),
  op({
    operationId: 'moveSiteSpace',
    method: 'POST',
    path: `${BASE}/{siteSpaceId}/move`,
    status: 200,
    body: 'sites/move-site-space-body',
    response: 'sites/site-space',
    handle: (ctx) => {
      const { org, site, ss } = siteSpaceOf(ctx, true);
      const { before, after } = ctx.body.position ?? {};
      const anchor = before ?? after;
      const target = anchor ? siteSpaceField(ctx, site, anchor.siteSpace, `body.position.${before ? 'before' : 'after'}.siteSpace`) : ss;
      if (before && after) siteSpaceField(ctx, site, after.siteSpace, 'body.position.after.siteSpace');
      const container = target.section;
      const siblings = siteSpacesIn(ctx.db, site.id, container);
      const result = moveInOrder(siblings.map((s) => s.id), ss.id, { before: before?.siteSpace, after: after?.siteSpace });
      if (!result.ok) throw errors.badRequest(`body.position.${result.field}.siteSpace: ${result.reason}`);
      if (container !== ss.section) {
        assertCanLeave(ctx, ss, 'moved out of it');
        assertSpaceFree(ctx, site, container, ss.space, ss.id);
        const path = uniquePath(ss.path, new Set(siblings.map((s) => s.path)));
        ctx.db.siteSpaces.update(ss.id, { section: container, path });
      }
      renumber(ctx.db.siteSpaces, result.order);
      return presentSiteSpace(ctx, siteView(ctx, org, site), ctx.db.siteSpaces.existing(ss.id));
    },
  }),
];
