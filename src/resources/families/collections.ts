/**
 * Collections of an organization: a family of the engine. Members read them (guests too, as
 * the organization's spaces); creating one needs the create role, as creating a space does;
 * changing or deleting one, the admin role. A collection's own path names no organization,
 * so its get, update and delete find the organization from the record.
 */
import { can } from '../../auth/roles.ts';
import { errors } from '../../contract/errors.ts';
import { findIn } from '../shared/find.ts';
import { presentCollection } from '../shared/present-collection.ts';
import { type HandlerContext } from '../../contract/operation.ts';
import { paginate } from '../../contract/paginate.ts';
import type { CollectionRecord, SpaceRecord } from '../../store/records.ts';
import { orgRole, requireOrg, spaceRole } from '../shared/access.ts';
import { presentSpace } from '../shared/present-space.ts';
import { defineFamily, type FamilyHelpers } from '../engine/family.ts';
import { officialOp, officialRoute } from '../engine/operations.ts';

interface Body {
  title?: string;
  description?: string;
  parent?: string;
  defaultLevel?: CollectionRecord['defaultLevel'];
}

/** The collection and every collection under it, at any depth. */
function subtree(ctx: HandlerContext, root: CollectionRecord): Set<string> {
  const ids = new Set([root.id]);
  const all = ctx.db.collections.filter((c) => c.parent === root.parent);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of all) {
      if (c.collection === undefined || !ids.has(c.collection) || ids.has(c.id)) continue;
      ids.add(c.id);
      grew = true;
    }
  }
  return ids;
}

/** The item path's collection, for an admin of its organization (404 unseen, 403 below admin). */
function changeable(ctx: HandlerContext, item: FamilyHelpers<CollectionRecord>['item'], operationId: 'moveCollection' | 'transferCollection') {
  const found = item(ctx, officialRoute(operationId).path);
  if (!can(found.scope.role, 'admin')) throw errors.forbidden('move this collection');
  return found;
}

export const collections = defineFamily<CollectionRecord, Body, Body, { nested?: boolean }>({
  collection: 'collections',
  table: (db) => db.collections,
  label: 'Collection',
  idKind: 'collection',
  parent: 'organization',
  access: { read: 'view', create: 'createContent', write: 'admin' },
  operations: {
    list: 'listCollectionsInOrganizationById',
    create: 'createCollection',
    get: 'getCollectionById',
    update: 'updateCollectionById',
    delete: 'deleteCollectionById',
  },
  example: { create: { title: 'Runbooks' }, update: { title: 'On-call runbooks', description: 'What to do at 3 a.m.' } },
  create: (body, ctx, scope) => {
    if (body.parent !== undefined && !findIn(ctx.db.collections, body.parent, (c) => c.parent === scope.id)) {
      throw errors.unknownReference(body.parent, `parent: no collection "${body.parent}" in this organization`);
    }
    return { title: body.title ?? 'Untitled', ...(body.parent !== undefined && { collection: body.parent }), defaultLevel: 'inherit' as const };
  },
  update: (_record, body) => ({
    ...(body.title !== undefined && { title: body.title }),
    ...(body.description !== undefined && { description: body.description }),
    ...(body.defaultLevel !== undefined && { defaultLevel: body.defaultLevel }),
  }),
  present: presentCollection,
  // {"key", "organization", "title", "description"?, "collection"?: KEY of the parent collection}
  scenario: {
    parentField: 'organization',
    build: (e, ref, path) => ({
      title: String(e.title ?? e.key),
      ...(typeof e.description === 'string' && { description: e.description }),
      ...(typeof e.collection === 'string' && { collection: ref('collections', e.collection, `${path}/collection`) }),
      defaultLevel: 'inherit' as const,
    }),
  },
  // nested=false lists the top-level collections only.
  filter: (c, q) => q.nested !== false || c.collection === undefined,
  extra: (helpers) => [
    // Under another collection of its organization (`parent`), or at its top (`null`). Collections
    // keep no order among themselves: `position` is accepted and changes nothing.
    officialOp('moveCollection', {
      handle: (ctx) => {
        const { record, scope } = changeable(ctx, helpers.item, 'moveCollection');
        const { parent } = ctx.body;
        if (parent === undefined || (parent ?? undefined) === record.collection) {
          if (ctx.body.position === undefined) throw errors.conflict(`Collection "${record.id}" is already there`);
          return presentCollection(record, ctx, scope);
        }
        if (parent !== null) {
          if (!findIn(ctx.db.collections, parent, (c) => c.parent === record.parent)) throw errors.unknownReference(parent, `parent: no collection "${parent}" in this organization`);
          if (subtree(ctx, record).has(parent)) throw errors.invalid('body', `parent: collection "${parent}" is "${record.id}" or inside it`);
        }
        return presentCollection(ctx.db.collections.update(record.id, { collection: parent ?? undefined, updatedAt: ctx.now }), ctx, scope);
      },
    }),
    // To another organization the caller administers, with the collections and spaces inside it (at its top there).
    officialOp('transferCollection', {
      handle: (ctx) => {
        const { record } = changeable(ctx, helpers.item, 'transferCollection');
        const target = requireOrg(ctx, ctx.body.organization, 'admin', 'transfer a collection into this organization');
        if (target.id === record.parent) throw errors.conflict(`Collection "${record.id}" already belongs to organization "${target.id}"`);
        const ids = subtree(ctx, record);
        for (const id of ids) ctx.db.collections.update(id, { parent: target.id, ...(id === record.id && { collection: undefined }), updatedAt: ctx.now });
        for (const space of ctx.db.spaces.by('organization', record.parent)) {
          if (space.parent !== undefined && ids.has(space.parent)) ctx.db.spaces.update(space.id, { organization: target.id, updatedAt: ctx.now });
        }
        const moved = ctx.db.collections.existing(record.id);
        return presentCollection(moved, ctx, { role: orgRole(ctx.db, target.id, ctx.user.id) ?? null });
      },
    }),
    // The spaces whose parent is the collection (moveSpace sets it), as the organization's list shows them.
    officialOp('listSpacesInCollectionById', {
      handle: (ctx) => {
        const { record } = helpers.item(ctx, officialRoute('listSpacesInCollectionById').path);
        const role = (space: SpaceRecord) => spaceRole(ctx.db, space, ctx.user.id);
        return paginate(
          ctx.db.spaces.viewBy('organization', record.parent),
          ctx.query,
          (space) => presentSpace(ctx, space, role(space)),
          (space) => space.parent === record.id && !space.deletedAt && role(space) !== null,
        );
      },
    }),
  ],
});
