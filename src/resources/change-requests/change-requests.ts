/** Change requests: list, create, get, update, merge, pull the primary content in (document 000). */
import { reply, type HandlerContext, type Operation } from '../../contract/operation.ts';
import { paginate } from '../../contract/paginate.ts';
import { baseRevision, CHANGE_REQUEST_BASE_MACHINE, CHANGE_REQUEST_MACHINE, isOutdated, mergeChangeRequest, patchChangeRequest, updateChangeRequest } from '../../rules/change-request.ts';
import { noteOutdated } from '../shared/outdated.ts';
import { mergeContent } from '../../rules/content-merge.ts';
import type { ChangeRequestRecord } from '../../store/records.ts';
import { requireEditable, requireSpace } from '../shared/access.ts';
import { contentOf, createRevision, isContributor, loadChangeRequest, revisionOf, withContributor } from '../shared/revisions.ts';
import { presentChangeRequest } from '../shared/present-change-request.ts';
import { decided } from '../shared/decided.ts';
import { officialOp } from '../engine/operations.ts';

/** The content a change request would have with the primary content pulled in. */
function rebasedContent(ctx: HandlerContext, cr: ChangeRequestRecord, spaceRevision: string) {
  const ours = revisionOf(ctx, cr.revision);
  const base = baseRevision(cr);
  if (base === spaceRevision) return contentOf(ours);
  return mergeContent(contentOf(revisionOf(ctx, base)), contentOf(ours), contentOf(revisionOf(ctx, spaceRevision)));
}

export const changeRequestCrudOperations: Operation[] = [
  officialOp('listChangeRequestsForSpace', {
    query: 'change-requests/list-query',
    response: 'change-requests/change-request-list',
    handle: (ctx) => {
      const { space } = requireSpace(ctx, ctx.params.spaceId, 'view');
      const { status, contributor, creator, requestedReviewer } = ctx.query;
      const reviewers = ctx.db.requestedReviewers;
      return paginate(
        ctx.db.changeRequests.viewBy('space', space.id),
        ctx.query,
        (cr) => presentChangeRequest(ctx, cr),
        (cr) =>
          cr.status === status &&
          (contributor === undefined || isContributor(cr, contributor)) &&
          (creator === undefined || cr.createdBy === creator) &&
          (requestedReviewer === undefined || reviewers.has(`${cr.id}:${requestedReviewer}`)),
        'desc',
      );
    },
  }),
  officialOp('createChangeRequest', {
    body: 'change-requests/create-body',
    response: 'change-requests/change-request',
    handle: (ctx) => {
      const { space } = requireSpace(ctx, ctx.params.spaceId, 'edit', { action: 'create change requests in this space' });
      requireEditable(space);
      const { changeRequests } = ctx.db;
      const number = Math.max(0, ...changeRequests.by('space', space.id).map((cr) => cr.number)) + 1;
      const id = ctx.ids.next('changeRequest');
      const revision = createRevision(ctx, space, {
        ...contentOf(revisionOf(ctx, space.revision)),
        parents: [space.revision],
        type: 'edits',
        changeRequest: id,
      });
      const cr = changeRequests.insert({
        id,
        space: space.id,
        number,
        status: 'open',
        subject: ctx.body.subject ?? '',
        createdBy: ctx.user.id,
        createdAt: ctx.now,
        updatedAt: ctx.now,
        revision: revision.id,
        revisionInitial: space.revision,
        ...(ctx.body.agentTaskId !== undefined && { agentTaskId: ctx.body.agentTaskId }),
      });
      const body = presentChangeRequest(ctx, cr);
      return reply(body, { headers: { Location: body.urls.location } });
    },
  }),
  officialOp('getChangeRequestById', {
    response: 'change-requests/change-request',
    handle: (ctx) => presentChangeRequest(ctx, loadChangeRequest(ctx).cr),
  }),
  officialOp('updateChangeRequestById', {
    body: 'change-requests/update-body',
    response: 'change-requests/change-request',
    handle: (ctx) => {
      const { cr } = loadChangeRequest(ctx, 'edit', 'update change requests in this space');
      const { patch } = decided(patchChangeRequest(cr, ctx.body, ctx.now));
      const saved = Object.keys(patch).length > 0 ? ctx.db.changeRequests.update(cr.id, patch) : cr;
      if (patch.status) ctx.coverage.transition(CHANGE_REQUEST_MACHINE, cr.status, patch.status);
      return presentChangeRequest(ctx, saved);
    },
  }),
  officialOp('mergeChangeRequest', {
    response: 'change-requests/merge-result',
    handle: (ctx) => {
      const { space, cr } = loadChangeRequest(ctx, 'merge', 'merge change requests in this space');
      requireEditable(space);
      // The rule refuses first (merged, archived), before anything is written.
      decided(mergeChangeRequest(cr, ctx.user.id, ctx.now, space.revision));
      const merged = createRevision(ctx, space, {
        ...rebasedContent(ctx, cr, space.revision),
        parents: [space.revision, cr.revision],
        type: 'merge',
      });
      ctx.db.changeRequests.update(cr.id, decided(mergeChangeRequest(cr, ctx.user.id, ctx.now, merged.id)).patch);
      ctx.db.spaces.update(space.id, { revision: merged.id, updatedAt: ctx.now });
      ctx.coverage.transition(CHANGE_REQUEST_MACHINE, cr.status, 'merged');
      noteOutdated(ctx, space.id, space.revision);
      return { revision: merged.id, result: 'merge' as const };
    },
  }),
  officialOp('updateChangeRequest', {
    response: 'change-requests/update-result',
    handle: (ctx) => {
      const { space, cr } = loadChangeRequest(ctx, 'edit', 'update change requests in this space');
      requireEditable(space);
      decided(updateChangeRequest(cr, space.revision, cr.revision, ctx.now));
      const revision = createRevision(ctx, space, {
        ...rebasedContent(ctx, cr, space.revision),
        parents: [cr.revision, space.revision],
        type: 'update',
        changeRequest: cr.id,
      });
      ctx.db.changeRequests.update(cr.id, {
        ...decided(updateChangeRequest(cr, space.revision, revision.id, ctx.now)).patch,
        ...withContributor(cr, ctx.user.id),
      });
      ctx.coverage.transition(CHANGE_REQUEST_BASE_MACHINE, isOutdated(cr, space.revision) ? 'outdated' : 'current', 'current');
      return { revision: revision.id, result: 'update' as const };
    },
  }),
];
