/** Requested reviewers of a change request: list, request, remove. */
import { errors } from '../../contract/errors.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { reply, type HandlerContext, type Operation } from '../../contract/operation.ts';
import { paginate } from '../../contract/paginate.ts';
import { reviewable } from '../../rules/change-request.ts';
import type { RequestedReviewerRecord } from '../../store/records.ts';
import { membership, spaceRole } from '../shared/access.ts';
import { presentUserById } from '../shared/present.ts';
import { loadChangeRequest } from '../shared/revisions.ts';
import { decided } from '../shared/decided.ts';
import { officialOp } from '../engine/operations.ts';

function presentReviewer(ctx: HandlerContext, r: RequestedReviewerRecord) {
  return {
    object: 'change-request-requested-reviewer' as const,
    kind: 'user' as const,
    user: presentUserById(ctx, r.user),
    requestedBy: presentUserById(ctx, r.requestedBy),
    revision: r.revision,
    createdAt: r.createdAt,
  };
}

export const reviewerOperations: Operation[] = [
  officialOp('getRequestedReviewersByChangeRequestId', {
    query: 'common/pagination-query',
    response: 'change-requests/requested-reviewer-list',
    handle: (ctx) => {
      const { cr } = loadChangeRequest(ctx);
      return paginate(ctx.db.requestedReviewers.viewBy('changeRequest', cr.id), ctx.query, (r) => presentReviewer(ctx, r));
    },
  }),
  officialOp('requestReviewersForChangeRequest', {
    body: 'change-requests/request-reviewers-body',
    response: 'change-requests/request-reviewers-result',
    handle: (ctx) => {
      const { space, cr } = loadChangeRequest(ctx, 'review', 'request reviewers in this space');
      decided(reviewable(cr));
      const users = [...new Set(ctx.body.users)];
      // Every user must be an active member of the space's organization who can see the space.
      ctx.body.users.forEach((userId, i) => {
        const member = membership(ctx.db, space.organization, userId);
        if (!member || member.disabled || spaceRole(ctx.db, space, userId) === null) {
          throw errors.unknownReference(userId, `Invalid body: users[${i}] ("${userId}") is not a member of the space's organization`);
        }
      });
      const { requestedReviewers, changeRequests } = ctx.db;
      const requested = users.map((user) => {
        const id = `${cr.id}:${user}`;
        return (
          requestedReviewers.get(id) ??
          requestedReviewers.insert({ id, changeRequest: cr.id, user, requestedBy: ctx.user.id, revision: cr.revision, createdAt: ctx.now })
        );
      });
      if (ctx.body.subject !== undefined && ctx.body.subject !== cr.subject) {
        changeRequests.update(cr.id, { subject: ctx.body.subject, updatedAt: ctx.now });
      }
      return { users: requested.map((r) => presentReviewer(ctx, r)) };
    },
  }),
  officialOp('removeRequestedReviewerFromChangeRequest', {
    status: 205,
    handle: (ctx) => {
      const { cr } = loadChangeRequest(ctx, 'review', 'remove reviewers in this space');
      const id = `${cr.id}:${ctx.params.userId}`;
      // The official document answers 204 when the user was not a requested reviewer.
      if (!ctx.db.requestedReviewers.has(id)) return reply(undefined, { status: 204 });
      removeWithDependents(ctx.db, 'requestedReviewers', id);
      return undefined;
    },
  }),
];
