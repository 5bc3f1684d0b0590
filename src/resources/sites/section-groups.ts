/** Site section groups: list, add, update, delete, add or remove a section, and the deprecated move. */
import { errors } from '../../contract/errors.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { op, reply, type Operation, type HandlerContext } from '../../contract/operation.ts';
import { arrayView, paginate } from '../../contract/paginate.ts';
import { moveInOrder } from '../../rules/site-order.ts';
import type { SiteRecord, SiteSectionGroupRecord, SiteSectionRecord } from '../../store/records.ts';
import { apiUrl } from '../shared/present.ts';
import { groupField, requireGroup, requireSection, sectionField, siteOf, type SitePath } from '../shared/site-access.ts';
import { presentGroup, siteView } from '../shared/present-site.ts';
import { groupsOf, isWithin, itemsIn, nextPosition, parentGroup, renumberTop, type TopItem } from '../shared/site-structure.ts';
import { known } from '../shared/find.ts';
import { officialOp } from '../engine/operations.ts';

const BASE = '/v1/orgs/{organizationId}/sites/{siteId}/section-groups';
type GroupPath = SitePath & { siteSectionGroupId: string };

function groupOf(ctx: HandlerContext, write = false) {
  const { org, site } = siteOf(ctx, write);
  return { org, site, group: requireGroup(ctx, site, (ctx.params as GroupPath).siteSectionGroupId) };
}

function present(ctx: HandlerContext, org: Parameters<typeof siteView>[1], site: SiteRecord, group: SiteSectionGroupRecord) {
  return presentGroup(ctx, siteView(ctx, org, site), ctx.db.siteSectionGroups.get(group.id) ?? group);
}

/** Puts a section at the end of a group (a section is in at most one group: it leaves any other). */
function joinGroup(ctx: HandlerContext, site: SiteRecord, section: SiteSectionRecord, group: SiteSectionGroupRecord): void {
  if (section.sectionGroup === group.id) return;
  ctx.db.siteSections.update(section.id, { sectionGroup: group.id, position: nextPosition(itemsIn(ctx.db, site.id, group.id).map((i) => i.row)) });
}

/**
 * Takes items (sections, or the groups inside it) out of a group into the container the group
 * sits in, where the group stands (in order).
 */
function ungroup(ctx: HandlerContext, site: SiteRecord, group: SiteSectionGroupRecord, items: readonly TopItem[], keepGroup: boolean): void {
  const container = parentGroup(ctx.db, group);
  const order = itemsIn(ctx.db, site.id, container).flatMap((item) => {
    const self = { kind: item.kind, id: item.row.id };
    if (item.row.id !== group.id) return [self];
    const freed = items.map((i) => ({ kind: i.kind, id: i.row.id }));
    return keepGroup ? [self, ...freed] : freed;
  });
  for (const item of items) {
    if (item.kind === 'section') ctx.db.siteSections.update(item.row.id, { sectionGroup: container });
    else ctx.db.siteSectionGroups.update(item.row.id, { sectionGroup: container });
  }
  renumberTop(ctx.db, order);
}

/** Puts `group` at the end of group `parent` (undefined: the top level), leaving where it was. */
function nestIn(ctx: HandlerContext, site: SiteRecord, group: SiteSectionGroupRecord, parent: string | undefined): void {
  if (parentGroup(ctx.db, group) === parent) return;
  ctx.db.siteSectionGroups.update(group.id, { sectionGroup: parent, position: nextPosition(itemsIn(ctx.db, site.id, parent).map((i) => i.row)) });
}

/** The group a body names as the parent of `group` (an empty id names none: the top level); never `group` or one inside it. */
function parentField(ctx: HandlerContext, site: SiteRecord, id: string | null | undefined, field: string, group?: SiteSectionGroupRecord): string | undefined {
  if (!id) return undefined;
  const parent = groupField(ctx, site, id, field);
  if (group && isWithin(ctx.db, parent, group.id)) throw errors.badRequest(`${field}: "${id}" is this group or inside it; a group cannot sit in itself`);
  return parent.id;
}

export const sectionGroupOperations: Operation[] = [
  officialOp('listSiteSectionGroups', {
    query: 'common/pagination-query',
    response: 'sites/site-section-group-list',
    handle: (ctx) => {
      const { org, site } = siteOf(ctx);
      const view = siteView(ctx, org, site);
      return paginate(arrayView(groupsOf(ctx.db, site.id)), ctx.query, (g) => presentGroup(ctx, view, g));
    },
  }),
  officialOp('addSectionGroupToSite', {
    body: 'sites/add-section-group-body',
    response: 'sites/site-section-group',
    handle: (ctx) => {
      const { org, site } = siteOf(ctx, true);
      const b = ctx.body;
      const parent = parentField(ctx, site, b.parent, 'body.parent');
      const sections = (b.sections ?? []).map((id, i) => sectionField(ctx, site, id, `body.sections[${i}]`));
      const group = ctx.db.siteSectionGroups.insert({
        id: ctx.ids.next('siteSectionGroup'),
        site: site.id,
        ...(parent && { sectionGroup: parent }),
        title: b.title,
        ...(b.icon && { icon: b.icon }),
        ...(b.draft !== undefined && { draft: b.draft }),
        position: nextPosition(itemsIn(ctx.db, site.id, parent).map((i) => i.row)),
        createdAt: ctx.now,
      });
      for (const s of sections) joinGroup(ctx, site, ctx.db.siteSections.existing(s.id), group);
      return reply(present(ctx, org, site, group), { headers: { Location: apiUrl(ctx, `/orgs/${org.id}/sites/${site.id}/section-groups/${group.id}`) } });
    },
  }),
  officialOp('deleteSiteSectionGroupById', {
    status: 205,
    handle: (ctx) => {
      const { site, group } = groupOf(ctx, true);
      ungroup(ctx, site, group, itemsIn(ctx.db, site.id, group.id), false);
      removeWithDependents(ctx.db, 'siteSectionGroups', group.id);
    },
  }),
  officialOp('updateSiteSectionGroupById', {
    body: 'sites/update-section-group-body',
    response: 'sites/site-section-group',
    handle: (ctx) => {
      const { org, site, group } = groupOf(ctx, true);
      const b = ctx.body;
      if (b.parentSectionGroupId !== undefined) nestIn(ctx, site, group, parentField(ctx, site, b.parentSectionGroupId, 'body.parentSectionGroupId', group));
      const patch: Partial<SiteSectionGroupRecord> = {};
      if (b.title !== undefined) patch.title = b.title;
      if (b.icon !== undefined) patch.icon = b.icon ?? undefined;
      if (b.draft !== undefined) patch.draft = b.draft;
      ctx.db.siteSectionGroups.update(group.id, patch);
      return present(ctx, org, site, group);
    },
  }),
  op({
    operationId: 'addSectionToSectionGroup',
    official: false,
    method: 'POST',
    path: `${BASE}/{siteSectionGroupId}/sections`,
    status: 201,
    body: 'sites/add-section-to-group-body',
    response: 'sites/site-section-group',
    handle: (ctx) => {
      const { org, site, group } = groupOf(ctx, true);
      joinGroup(ctx, site, sectionField(ctx, site, ctx.body.sectionId, 'body.sectionId'), group);
      return present(ctx, org, site, group);
    },
  }),
  op({
    operationId: 'removeSectionFromSectionGroup',
    official: false,
    method: 'DELETE',
    path: `${BASE}/{siteSectionGroupId}/sections/{siteSectionId}`,
    status: 205,
    handle: (ctx) => {
      const { site, group } = groupOf(ctx, true);
      const section = requireSection(ctx, site, ctx.params.siteSectionId);
      if (section.sectionGroup !== group.id) throw errors.notFound(`Site section "${section.id}" in section group`, group.id);
      ungroup(ctx, site, group, [{ kind: 'section', row: section }], true);
    },
  }),
  officialOp('moveSiteSectionGroup', {
    body: 'sites/move-section-group-body',
    response: 'sites/site-section-group',
    handle: (ctx) => {
      const { org, site, group } = groupOf(ctx, true);
      const { before, after } = ctx.body.position ?? {};
      const container = parentGroup(ctx.db, group);
      for (const [name, pointer] of [['before', before], ['after', after]] as const) {
        if (!pointer) continue;
        const field = `body.position.${name}.id`;
        const anchor = pointer.type === 'site-section-group' ? parentGroup(ctx.db, groupField(ctx, site, pointer.id, field)) : sectionField(ctx, site, pointer.id, field).sectionGroup;
        if (anchor !== container) throw errors.badRequest(`${field}: "${pointer.id}" is in another container; a group moves among the items of the one it sits in`);
      }
      const top = itemsIn(ctx.db, site.id, container).map((i) => ({ kind: i.kind, id: i.row.id }));
      const result = moveInOrder(top.map((i) => i.id), group.id, { before: before?.id, after: after?.id });
      if (!result.ok) throw errors.badRequest(`body.position.${result.field}.id: ${result.reason}`);
      const kinds = new Map(top.map((i) => [i.id, i.kind]));
      renumberTop(ctx.db, result.order.map((id) => ({ id, kind: known(kinds, id, 'The kind of top-level item') })));
      return present(ctx, org, site, group);
    },
  }),
];
