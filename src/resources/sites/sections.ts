/** Site sections: list, add, update, delete, and the deprecated move. */
import { errors } from '../../contract/errors.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { reply, type Operation, type HandlerContext } from '../../contract/operation.ts';
import { arrayView, paginate } from '../../contract/paginate.ts';
import { moveInOrder, uniquePath, type MovePosition } from '../../rules/site-order.ts';
import { slugify } from '../../text/slug.ts';
import type { SiteRecord, SiteSectionRecord } from '../../store/records.ts';
import { apiUrl } from '../shared/present.ts';
import { groupField, requireSection, sectionField, siteOf, siteSpaceField } from '../shared/site-access.ts';
import { presentSection, siteView } from '../shared/present-site.ts';
import { insertSiteSpace } from '../shared/site-space-writes.ts';
import { spaceField } from './spaces.ts';
import { createBlankSpace } from '../shared/create-space.ts';
import { defaultSiteSpaceId, itemsIn, nextPosition, orderedSections, renumberTop, siteSpacesIn } from '../shared/site-structure.ts';
import { officialOp } from '../engine/operations.ts';

function sectionTitle(text: string): string {
  const title = text.trim().slice(0, 128);
  return title.length >= 2 ? title : 'Section';
}

function takenPaths(ctx: HandlerContext, site: SiteRecord, except?: string): Set<string> {
  return new Set(ctx.db.siteSections.by('site', site.id).filter((s) => s.id !== except).map((s) => s.path));
}

/** The position a section takes at the end of a group, or of the top level. */
function endOf(ctx: HandlerContext, site: SiteRecord, groupId: string | undefined): number {
  return nextPosition(itemsIn(ctx.db, site.id, groupId).map((i) => i.row));
}

/**
 * The first section added to a site whose site spaces sit at the root: those site spaces
 * first move into a section of their own (titled like the site), which stays the default.
 */
function adoptRootSiteSpaces(ctx: HandlerContext, site: SiteRecord): void {
  const root = siteSpacesIn(ctx.db, site.id, undefined);
  if (root.length === 0 || ctx.db.siteSections.countBy('site', site.id) > 0) return;
  const title = sectionTitle(site.title);
  const section = ctx.db.siteSections.insert({
    id: ctx.ids.next('siteSection'),
    site: site.id,
    title,
    path: uniquePath(slugify(title), new Set()),
    defaultSiteSpace: defaultSiteSpaceId(ctx.db, site, undefined),
    position: endOf(ctx, site, undefined),
    createdAt: ctx.now,
  });
  for (const ss of root) ctx.db.siteSpaces.update(ss.id, { section: section.id });
  ctx.db.sites.update(site.id, { defaultSiteSection: section.id, defaultSiteSpace: undefined });
}

/** Puts `section` in `groupId` (or the top level) at `position`, leaving any other group. */
function moveToContainer(ctx: HandlerContext, section: SiteSectionRecord, groupId: string | undefined, position: MovePosition, field: string): void {
  const site = ctx.db.sites.existing(section.site);
  const top = itemsIn(ctx.db, site.id, groupId).map((i) => ({ kind: i.kind, id: i.row.id }));
  const result = moveInOrder(top.map((i) => i.id), section.id, position);
  if (!result.ok) throw errors.badRequest(`${field}.${result.field}.siteSection: ${result.reason}`);
  ctx.db.siteSections.update(section.id, { sectionGroup: groupId });
  const kinds = new Map(top.map((i) => [i.id, i.kind]));
  renumberTop(ctx.db, result.order.map((id) => ({ id, kind: kinds.get(id) ?? 'section' })));
}

export const sectionOperations: Operation[] = [
  officialOp('listSiteSections', {
    query: 'sites/share-key-query',
    response: 'sites/site-section-list',
    handle: (ctx) => {
      const { org, site } = siteOf(ctx);
      const view = siteView(ctx, org, site, ctx.query.shareKey);
      return paginate(arrayView(orderedSections(ctx.db, site.id)), ctx.query, (s) => presentSection(ctx, view, s));
    },
  }),
  officialOp('addSectionToSite', {
    body: 'sites/add-section-body',
    response: 'sites/site-section',
    handle: (ctx) => {
      const { org, site } = siteOf(ctx, true);
      const b = ctx.body;
      const group = b.siteSectionGroupId ? groupField(ctx, site, b.siteSectionGroupId, 'body.siteSectionGroupId') : undefined;
      const existing = b.spaceId === null ? undefined : spaceField(ctx, org, b.spaceId, 'body.spaceId');
      adoptRootSiteSpaces(ctx, site);
      const space = existing ?? createBlankSpace(ctx, org, b.title ?? 'New section');
      const title = b.title ?? sectionTitle(space.title);
      const section = ctx.db.siteSections.insert({
        id: ctx.ids.next('siteSection'),
        site: site.id,
        title,
        path: uniquePath(slugify(title), takenPaths(ctx, site)),
        ...(b.icon && { icon: b.icon }),
        ...(group && { sectionGroup: group.id }),
        ...(b.draft !== undefined && { draft: b.draft }),
        position: endOf(ctx, site, group?.id),
        createdAt: ctx.now,
      });
      const ss = insertSiteSpace(ctx, site, space, section.id);
      const stored = ctx.db.siteSections.update(section.id, { defaultSiteSpace: ss.id });
      return reply(presentSection(ctx, siteView(ctx, org, ctx.db.sites.existing(site.id)), stored), { headers: { Location: apiUrl(ctx, `/orgs/${org.id}/sites/${site.id}/sections/${section.id}`) } });
    },
  }),
  officialOp('deleteSiteSectionById', {
    status: 205,
    handle: (ctx) => {
      const { site } = siteOf(ctx, true);
      removeWithDependents(ctx.db, 'siteSections', requireSection(ctx, site, ctx.params.siteSectionId).id);
    },
  }),
  officialOp('updateSiteSectionById', {
    body: 'sites/update-section-body',
    response: 'sites/site-section',
    handle: (ctx) => {
      const { org, site } = siteOf(ctx, true);
      const section = requireSection(ctx, site, ctx.params.siteSectionId);
      const b = ctx.body;
      const patch: Partial<SiteSectionRecord> = {};
      if (b.title !== undefined) patch.title = b.title;
      if (b.path !== undefined) {
        if (takenPaths(ctx, site, section.id).has(b.path)) throw errors.conflict(`Another section of this site already has the path "${b.path}"`);
        patch.path = b.path;
      }
      if (b.defaultSiteSpace !== undefined) {
        const ss = siteSpaceField(ctx, site, b.defaultSiteSpace, 'body.defaultSiteSpace');
        if (ss.section !== section.id) throw errors.badRequest(`body.defaultSiteSpace: site space "${ss.id}" is not in this section`);
        patch.defaultSiteSpace = ss.id;
      }
      if (b.condition !== undefined) patch.condition = b.condition ?? undefined;
      if (b.icon !== undefined) patch.icon = b.icon ?? undefined;
      if (b.description !== undefined) patch.description = b.description ?? undefined;
      if (b.draft !== undefined) patch.draft = b.draft;
      const group = b.siteSectionGroupId ? groupField(ctx, site, b.siteSectionGroupId, 'body.siteSectionGroupId') : undefined;
      ctx.db.siteSections.update(section.id, patch);
      if (b.siteSectionGroupId !== undefined && (group?.id ?? undefined) !== section.sectionGroup) {
        moveToContainer(ctx, ctx.db.siteSections.existing(section.id), group?.id, {}, 'body.position');
      }
      return presentSection(ctx, siteView(ctx, org, site), ctx.db.siteSections.existing(section.id));
    },
  }),
  officialOp('moveSiteSection', {
    body: 'sites/move-section-body',
    response: 'sites/site-section',
    handle: (ctx) => {
      const { org, site } = siteOf(ctx, true);
      const section = requireSection(ctx, site, ctx.params.siteSectionId);
      const { before, after } = ctx.body.position ?? {};
      const anchor = before ?? after;
      const target = anchor
        ? sectionField(ctx, site, anchor.siteSection, `body.position.${before ? 'before' : 'after'}.siteSection`)
        : section;
      if (before && after) sectionField(ctx, site, after.siteSection, 'body.position.after.siteSection');
      moveToContainer(ctx, section, target.sectionGroup, { before: before?.siteSection, after: after?.siteSection }, 'body.position');
      return presentSection(ctx, siteView(ctx, org, site), ctx.db.siteSections.existing(section.id));
    },
  }),
];
