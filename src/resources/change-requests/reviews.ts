/**
 * Reviews of a change request (official, beyond the seeds): list and submit. A review is
 * made against the change request's current revision; a newer review by the same reviewer
 * makes the older one outdated. Who may submit: a requested reviewer, or anyone with the
 * review role on the space (the official description). A comment given with the review is
 * posted as a comment of the change request, so it shows in its comment list too. One review
 * is read by its id (getChangeRequestReviewById); a review of another change request is a 404.
 */
import { errors } from '../../contract/errors.ts';
import { reply, type HandlerContext, type Operation } from '../../contract/operation.ts';
import { paginate } from '../../contract/paginate.ts';
import { reviewable } from '../../rules/change-request.ts';
import { can } from '../../auth/roles.ts';
import type { ChangeRequestReviewRecord } from '../../store/records.ts';
import { decided } from '../shared/decided.ts';
import { apiUrl, presentUserById } from '../shared/present.ts';
import { hasNodes, inputToMarkdown, type BodyFormat, type BodyInput } from '../shared/comment-body.ts';
import type { RequestTypes } from '../../contract/request-types.ts';
import { presentComment } from '../shared/present-comment.ts';
import { requireScope, type CommentScope } from '../shared/comment-scope.ts';
import { createComment } from '../shared/comment-writes.ts';
import { findOrThrow } from '../shared/find.ts';
import { officialOp } from '../engine/operations.ts';

type CrParams = { spaceId: string; changeRequestId: string };

/** Outdated: the same reviewer submitted a newer review of the change request. */
function isOutdated(ctx: HandlerContext<CrParams>, review: ChangeRequestReviewRecord): boolean {
  const table = ctx.db.changeRequestReviews;
  const seq = table.seqOf(review.id) ?? 0;
  return table.by('changeRequest', review.changeRequest).some((r) => r.reviewer === review.reviewer && (table.seqOf(r.id) ?? 0) > seq);
}

function presentReview(ctx: HandlerContext<CrParams>, scope: CommentScope, review: ChangeRequestReviewRecord, format?: BodyFormat) {
  const comment = review.comment ? ctx.db.comments.get(review.comment) : undefined;
  return {
    object: 'change-request-review' as const,
    id: review.id,
    revision: review.revision,
    reviewer: presentUserById(ctx, review.reviewer),
    ...(review.requestedBy && { requestedBy: presentUserById(ctx, review.requestedBy) }),
    status: review.status,
    outdated: isOutdated(ctx, review),
    ...(comment && { comment: presentComment(ctx, scope, comment, format) }),
    createdAt: review.createdAt,
    updatedAt: review.updatedAt,
    urls: { location: apiUrl(ctx, `/spaces/${review.space}/change-requests/${review.changeRequest}/reviews/${review.id}`) },
  };
}

/** The official Document, or the bare JSON document this mock first took (schemas/change-requests/review-body.json). */
type ReviewComment = RequestTypes['change-requests/review-body']['comment'];

/** The review's comment as a comment body, or undefined when it holds no text (`{}`, `{ markdown: "" }`). */
function reviewComment(comment: ReviewComment): BodyInput | undefined {
  if (comment === undefined) return undefined;
  const bare = hasNodes(comment) && !('markdown' in comment) && !('document' in comment);
  const body: BodyInput = bare ? { document: comment } : comment;
  return inputToMarkdown(body).trim() === '' ? undefined : body;
}

export const reviewOperations: Operation[] = [
  officialOp('getReviewsByChangeRequestId', {
    query: 'change-requests/review-list-query',
    response: 'change-requests/review-list',
    handle: (ctx) => {
      const scope = requireScope(ctx);
      const { outdated, format } = ctx.query;
      return paginate(
        ctx.db.changeRequestReviews.viewBy('changeRequest', scope.changeRequest!.id),
        ctx.query,
        (r) => presentReview(ctx, scope, r, format),
        outdated === undefined ? undefined : (r) => isOutdated(ctx, r) === outdated,
      );
    },
  }),
  officialOp('submitChangeRequestReview', {
    body: 'change-requests/review-body',
    response: 'change-requests/review',
    handle: (ctx) => {
      const scope = requireScope(ctx);
      const cr = scope.changeRequest!;
      const request = ctx.db.requestedReviewers.get(`${cr.id}:${ctx.user.id}`);
      if (!request && !can(scope.role, 'review')) {
        throw errors.forbidden('review this change request (the review role, or a review request, is needed)');
      }
      decided(reviewable(cr));
      // The reviewer may comment as part of the review, whatever their role.
      const body = reviewComment(ctx.body.comment);
      const comment = body && createComment(ctx, { ...scope, role: 'review' }, { body });
      const review = ctx.db.changeRequestReviews.insert({
        id: ctx.ids.next('review'),
        changeRequest: cr.id,
        space: scope.space.id,
        reviewer: ctx.user.id,
        ...(request && { requestedBy: request.requestedBy }),
        revision: cr.revision,
        status: ctx.body.status,
        ...(comment && { comment: comment.id }),
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      const presented = presentReview(ctx, scope, review);
      return reply(presented, { headers: { Location: presented.urls.location } });
    },
  }),
  officialOp('getChangeRequestReviewById', {
    response: 'change-requests/review',
    handle: (ctx) => {
      const scope = requireScope(ctx);
      const review = findOrThrow(ctx.db.changeRequestReviews, ctx.params.reviewId, 'Change request review', (r) => r.changeRequest === scope.changeRequest!.id);
      return presentReview(ctx, scope, review, ctx.query.format);
    },
  }),
];
