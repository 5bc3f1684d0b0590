/** Site spaces: list, add, update, delete, duplicate, and the deprecated move. */
import { errors } from '../../contract/errors.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { reply, type Operation, type HandlerContext } from '../../contract/operation.ts';
import { arrayView, paginate } from '../../contract/paginate.ts';
import { canLeave, moveInOrder, uniquePath, type MovePosition } from '../../rules/site-order.ts';
import type { SiteRecord, SiteSpaceRecord } from '../../store/records.ts';
import { apiUrl } from '../shared/present.ts';
import { requireSiteSpace, sectionField, siteOf, siteSpaceField, type SitePath } from '../shared/site-access.ts';
import { presentSiteSpace, siteView } from '../shared/present-site.ts';
import { assertSpaceFree, insertSiteSpace } from '../shared/site-space-writes.ts';
import { spaceField } from './spaces.ts';
import { copyOfSpace, createBlankSpace } from '../shared/create-space.ts';
import { defaultSectionId, isDefaultSiteSpace, orderedSiteSpaces, renumber, siteSpacesIn } from '../shared/site-structure.ts';
import { officialOp } from '../engine/operations.ts';

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

/**
 * Places a site space before or after another site space (in that one's section: it may move
 * to another section), or at the end of its own container; `field` names the body field of an
 * anchor (`before` or `after`) in a refusal.
 */
export function placeSiteSpace(ctx: HandlerContext, site: SiteRecord, ss: SiteSpaceRecord, position: MovePosition, field: (name: 'before' | 'after') => string): void {
  const { before, after } = position;
  const anchor = before ?? after;
  const target = anchor ? siteSpaceField(ctx, site, anchor, field(before ? 'before' : 'after')) : ss;
  if (before && after) siteSpaceField(ctx, site, after, field('after'));
  const container = target.section;
  const siblings = siteSpacesIn(ctx.db, site.id, container);
  const result = moveInOrder(siblings.map((s) => s.id), ss.id, { before, after });
  if (!result.ok) throw errors.badRequest(`${field(result.field as 'before' | 'after')}: ${result.reason}`);
  if (container !== ss.section) {
    assertCanLeave(ctx, ss, 'moved out of it');
    assertSpaceFree(ctx, site, container, ss.space, ss.id);
    const path = uniquePath(ss.path, new Set(siblings.map((s) => s.path)));
    ctx.db.siteSpaces.update(ss.id, { section: container, path });
  }
  renumber(ctx.db.siteSpaces, result.order);
}

export const siteSpaceOperations: Operation[] = [
  officialOp('listSiteSpaces', {
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
  officialOp('addSpaceToSite', {
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
  officialOp('deleteSiteSpaceById', {
    status: 205,
    handle: (ctx) => {
      const { ss } = siteSpaceOf(ctx, true);
      assertCanLeave(ctx, ss, 'deleted');
      removeWithDependents(ctx.db, 'siteSpaces', ss.id);
    },
  }),
  officialOp('updateSiteSpaceById', {
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
  officialOp('moveSiteSpace', {
    body: 'sites/move-site-space-body',
    response: 'sites/site-space',
    handle: (ctx) => {
      const { org, site, ss } = siteSpaceOf(ctx, true);
      const { before, after } = ctx.body.position ?? {};
      placeSiteSpace(ctx, site, ss, { before: before?.siteSpace, after: after?.siteSpace }, (name) => `body.position.${name}.siteSpace`);
      return presentSiteSpace(ctx, siteView(ctx, org, site), ctx.db.siteSpaces.existing(ss.id));
    },
  }),
  officialOp('duplicateSiteSpace', {
    // A copy of the site space's space (its content as it stands, titled "... (copy)") as a
    // new site space right after the original, in the same section, with its condition and
    // hidden flag; a draft when the body asks.
    handle: (ctx) => {
      const { org, site, ss } = siteSpaceOf(ctx, true);
      const space = ctx.db.spaces.get(ss.space);
      if (!space || space.deletedAt) throw errors.conflict(`The space of site space "${ss.id}" was deleted; there is nothing to duplicate`);
      const copy = copyOfSpace(ctx, space, { position: ctx.db.spaces.countBy('organization', space.organization), mergeRules: false });
      const made = insertSiteSpace(ctx, site, copy, ss.section, { draft: ctx.body.draft ?? false });
      const shown = ctx.db.siteSpaces.update(made.id, {
        ...(ss.condition !== undefined && { condition: ss.condition }),
        ...(ss.hidden !== undefined && { hidden: ss.hidden }),
      });
      const order = siteSpacesIn(ctx.db, site.id, ss.section).map((s) => s.id).filter((id) => id !== made.id);
      order.splice(order.indexOf(ss.id) + 1, 0, made.id);
      renumber(ctx.db.siteSpaces, order);
      return reply(presentSiteSpace(ctx, siteView(ctx, org, site), ctx.db.siteSpaces.existing(shown.id)), {
        headers: { Location: apiUrl(ctx, `/orgs/${org.id}/sites/${site.id}/site-spaces/${made.id}`) },
      });
    },
  }),
];
