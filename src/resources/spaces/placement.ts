/**
 * Where a space sits: duplicate it beside itself, move it into a collection or to the
 * root among its siblings, transfer it to another organization.
 */
import { errors } from '../../contract/errors.ts';
import { op, type HandlerContext, type Operation } from '../../contract/operation.ts';
import type { RequestTypes } from '../../contract/request-types.ts';
import type { SpaceRecord } from '../../store/records.ts';
import { requireOrg, requireSpace } from '../shared/access.ts';
import { copyOfSpace } from '../shared/create-space.ts';
import { presentSpace } from '../shared/present-space.ts';
import { officialOp } from '../engine/operations.ts';

export type SpaceMove = RequestTypes['spaces/space-move'];
type Pointer = NonNullable<NonNullable<SpaceMove['position']>['before']>;

/** The spaces under `parent` (undefined: the root) in the organization, in sibling order. */
function siblings(ctx: HandlerContext, organization: string, parent: string | undefined, except: string): SpaceRecord[] {
  const { spaces } = ctx.db;
  return spaces
    .by('organization', organization)
    .filter((s) => s.id !== except && s.parent === parent)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || (spaces.seqOf(a.id) ?? 0) - (spaces.seqOf(b.id) ?? 0));
}

/** The index among `list` where the space goes, from `position` (end of the list by default). */
function insertionIndex(list: SpaceRecord[], position: SpaceMove['position']): number {
  const indexOf = (pointer: Pointer, field: string): number => {
    if (pointer.type === 'collection') {
      throw errors.badRequest(`body.position.${field}: there are no collections to place a space beside; name a sibling space`);
    }
    const at = list.findIndex((s) => s.id === pointer.space);
    if (at < 0) throw errors.badRequest(`body.position.${field}.space: "${pointer.space}" is not a sibling in the target collection`);
    return at;
  };
  const before = position?.before ? indexOf(position.before, 'before') : undefined;
  const after = position?.after ? indexOf(position.after, 'after') + 1 : undefined;
  if (before !== undefined && after !== undefined && before !== after) {
    throw errors.badRequest('body.position: "after" and "before" do not name two adjacent siblings');
  }
  return before ?? after ?? list.length;
}

/** A space at the root cannot stay `in-collection`: it becomes private there. */
function visibilityUnder(space: SpaceRecord, parent: string | undefined): SpaceRecord['visibility'] {
  return parent === undefined && space.visibility === 'in-collection' ? 'private' : space.visibility;
}

/** Renumbers `list` 0..n-1, writing only the rows whose position changes. */
function renumber(ctx: HandlerContext, list: SpaceRecord[]): void {
  list.forEach((s, i) => {
    if (s.position !== i) ctx.db.spaces.update(s.id, { position: i });
  });
}

export const spacePlacementOperations: Operation[] = [
  officialOp('duplicateSpace', {
    body: 'common/empty-body',
    response: 'spaces/space',
    handle: (ctx) => {
      const { space, role } = requireSpace(ctx, ctx.params.spaceId, 'createContent', { action: 'duplicate this space' });
      const copy = copyOfSpace(ctx, space, { position: 0, mergeRules: true });
      // The copy comes right after the original among its siblings.
      const order = siblings(ctx, space.organization, space.parent, copy.id);
      order.splice(order.findIndex((s) => s.id === space.id) + 1, 0, copy);
      renumber(ctx, order);
      return presentSpace(ctx, ctx.db.spaces.existing(copy.id), role);
    },
  }),
  officialOp('moveSpace', {
    body: 'spaces/space-move',
    response: 'spaces/space',
    handle: (ctx) => {
      const { space, role } = requireSpace(ctx, ctx.params.spaceId, 'admin', { action: 'move this space' });
      const parent = ctx.body.parent === undefined ? space.parent : (ctx.body.parent ?? undefined);
      const list = siblings(ctx, space.organization, parent, space.id);
      const at = insertionIndex(list, ctx.body.position);
      const moved = ctx.db.spaces.update(space.id, {
        parent,
        visibility: visibilityUnder(space, parent),
        updatedAt: ctx.now,
      });
      list.splice(at, 0, moved);
      renumber(ctx, list);
      return presentSpace(ctx, ctx.db.spaces.existing(space.id), role);
    },
  }),
  op({
    operationId: 'transferSpace',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/transfer',
    status: 200,
    official: false,
    body: 'spaces/space-transfer',
    response: 'spaces/space',
    handle: (ctx) => {
      const { space } = requireSpace(ctx, ctx.params.spaceId, 'admin', { action: 'transfer this space' });
      const target = requireOrg(ctx, ctx.body.organization, 'admin', 'transfer a space into this organization');
      if (target.id === space.organization) {
        throw errors.conflict(`Space "${space.id}" already belongs to organization "${target.id}"`);
      }
      const root = siblings(ctx, target.id, undefined, space.id);
      ctx.db.spaces.update(space.id, {
        organization: target.id,
        parent: undefined,
        position: root.length === 0 ? 0 : Math.max(...root.map((s) => s.position ?? 0)) + 1,
        visibility: visibilityUnder(space, undefined),
        updatedAt: ctx.now,
      });
      const moved = requireSpace(ctx, space.id);
      return presentSpace(ctx, moved.space, moved.role);
    },
  }),
];
