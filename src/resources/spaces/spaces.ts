/** Get, update, delete and restore a space (document 000, "Spaces"). */
import { errors } from '../../contract/errors.ts';
import { jsonReply, type HandlerContext, type Operation } from '../../contract/operation.ts';
import type { RequestTypes } from '../../contract/request-types.ts';
import type { Refusal } from '../../rules/decision.ts';
import { applyLifecycle, SPACE_MACHINE, spaceState } from '../../rules/space-lifecycle.ts';
import { decided } from '../shared/decided.ts';
import type { SpaceRecord } from '../../store/records.ts';
import { requireSpace } from '../shared/access.ts';
import { presentSpace, spaceJson } from '../shared/present-space.ts';
import { officialOp } from '../engine/operations.ts';

type SpaceParams = { spaceId: string };

/**
 * A restore past the 7-day window answers 404 like an unknown space (requireSpace), so the
 * coverage notes the refusal before that check.
 */
function noteRestorePastWindow(ctx: HandlerContext<SpaceParams>): void {
  const space = ctx.db.spaces.get(ctx.params.spaceId);
  if (!space || spaceState(space, ctx.now) !== 'purged') return;
  ctx.coverage.refused(SPACE_MACHINE, 'purged');
}

export type SpaceUpdate = RequestTypes['spaces/space-update'];

/** The record patch of an update body; null emoji or icon removes it. */
function updatePatch(body: SpaceUpdate): Partial<SpaceRecord> {
  const patch: Partial<SpaceRecord> = {};
  if (body.editMode !== undefined) patch.editMode = body.editMode;
  if (body.title !== undefined) patch.title = body.title;
  if (body.emoji !== undefined) patch.emoji = body.emoji ?? '';
  if (body.icon !== undefined) patch.icon = body.icon ?? undefined;
  if (body.defaultLevel !== undefined) patch.defaultLevel = body.defaultLevel;
  if (body.language !== undefined) patch.language = body.language;
  if (body.mergeRules !== undefined) patch.mergeRules = body.mergeRules;
  return patch;
}

function lifecycleError(spaceId: string, result: Refusal) {
  if (result.reason === 'not-deleted') return errors.conflict(`Space "${spaceId}" is not deleted: there is nothing to restore`);
  return errors.notFound('Space', spaceId);
}

export const spaceCoreOperations: Operation[] = [
  officialOp('getSpaceById', {
    query: 'spaces/space-get-query',
    response: 'spaces/space',
    handle: (ctx) => {
      const { space, role } = requireSpace(ctx, ctx.params.spaceId, 'view', { allowDeleted: true });
      return jsonReply(spaceJson(ctx, space, role, ctx.query.shareKey));
    },
  }),
  officialOp('updateSpaceById', {
    body: 'spaces/space-update',
    response: 'spaces/space',
    handle: (ctx) => {
      const { space, role } = requireSpace(ctx, ctx.params.spaceId, 'admin', { action: 'change the settings of this space' });
      const patch = updatePatch(ctx.body);
      if (Object.keys(patch).length === 0) return presentSpace(ctx, space, role);
      return presentSpace(ctx, ctx.db.spaces.update(space.id, { ...patch, updatedAt: ctx.now }), role);
    },
  }),
  officialOp('deleteSpaceById', {
    status: 205,
    handle: (ctx) => {
      const { space } = requireSpace(ctx, ctx.params.spaceId, 'admin', { action: 'delete this space' });
      const { patch } = decided(applyLifecycle(space, 'delete', ctx.now), (refusal) => lifecycleError(space.id, refusal));
      ctx.db.spaces.update(space.id, patch);
      ctx.coverage.transition(SPACE_MACHINE, 'active', 'deleted');
    },
  }),
  officialOp('restoreSpace', {
    body: 'common/empty-body',
    response: 'spaces/space',
    handle: (ctx) => {
      noteRestorePastWindow(ctx);
      const { space, role } = requireSpace(ctx, ctx.params.spaceId, 'admin', { allowDeleted: true, action: 'restore this space' });
      const { patch } = decided(applyLifecycle(space, 'restore', ctx.now), (refusal) => lifecycleError(space.id, refusal));
      ctx.coverage.transition(SPACE_MACHINE, 'deleted', 'active');
      return presentSpace(ctx, ctx.db.spaces.update(space.id, patch), role);
    },
  }),
];
