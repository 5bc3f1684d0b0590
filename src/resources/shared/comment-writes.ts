/**
 * Comment and reply writes, shared by space and change-request comments. Each function
 * checks the caller's right first (the same rules `permissions` reports), then writes.
 */
import { requireCapability } from './access.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { errors } from '../../contract/errors.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import type { RequestTypes } from '../../contract/request-types.ts';
import { applyResolution, COMMENT_MACHINE } from '../../rules/comment-status.ts';
import { applyReactions, sameReactions } from '../../rules/reactions.ts';
import type { CommentRecord, CommentReplyRecord, ReactionRecord } from '../../store/records.ts';
import { inputToMarkdown, type BodyInput } from './comment-body.ts';
import { findPage } from './page-tree.ts';
import { canResolve, commentPermissions } from './present-comment.ts';
import type { CommentScope } from './comment-scope.ts';

export type CommentCreate = RequestTypes['comments/comment-create'];
export type CommentUpdate = RequestTypes['comments/comment-update'];
/** A reply's update: a comment's without `resolved`. */
export type ReplyUpdate = RequestTypes['comments/reply-update'];

/**
 * The empty reactions and target every new comment (and reply) starts with, shared: rows
 * are never changed in place (an update writes new arrays, see rules/reactions.ts), and a
 * comment is a third smaller without its own (measured: 295 to 207 bytes a row; the
 * issue-18 soak keeps 100,000 new comments a minute).
 */
const NO_REACTIONS: readonly ReactionRecord[] = Object.freeze([]);
const NO_TARGET: CommentRecord['target'] = Object.freeze({});

function targetOf(input: CommentCreate): CommentRecord['target'] {
  if (input.page === undefined && input.node === undefined && !input.tableCell) return NO_TARGET;
  return {
    ...(input.page !== undefined && { page: input.page }),
    ...(input.node !== undefined && { node: input.node }),
    ...(input.tableCell && { tableCell: input.tableCell }),
  };
}

function requireCommenter(ctx: HandlerContext, scope: CommentScope): void {
  requireCapability(scope.role, 'comment', 'comment in this space', ctx);
}

export function createComment(ctx: HandlerContext, scope: CommentScope, input: CommentCreate): CommentRecord {
  requireCommenter(ctx, scope);
  if (input.page !== undefined) {
    const pages = ctx.db.revisions.get(scope.revision)?.pages ?? [];
    if (!findPage(pages, input.page)) throw errors.unknownReference(input.page, `body.page: no page "${input.page}" in this content`);
  }
  return ctx.db.comments.insert({
    id: ctx.ids.next('comment'),
    space: scope.space.id,
    ...(scope.changeRequest && { changeRequest: scope.changeRequest.id }),
    revision: scope.revision,
    postedBy: ctx.user.id,
    postedAt: ctx.now,
    body: { markdown: inputToMarkdown(input.body) },
    target: targetOf(input),
    status: 'open',
    reactions: NO_REACTIONS,
  });
}

/** The body and reaction part of an update, shared by comments and replies. */
function contentPatch(ctx: HandlerContext, scope: CommentScope, entry: { postedBy: string; reactions: readonly ReactionRecord[] }, input: ReplyUpdate, what: string) {
  const patch: { body?: { markdown: string }; editedAt?: string; reactions?: readonly ReactionRecord[] } = {};
  if (input.body !== undefined) {
    if (!commentPermissions(scope.role, entry.postedBy === ctx.user.id).edit) {
      throw errors.forbidden(`edit the body of a ${what} posted by someone else`);
    }
    patch.body = { markdown: inputToMarkdown(input.body) };
    patch.editedAt = ctx.now;
  }
  if (input.addedReactions?.length || input.removedReactions?.length) {
    const next = applyReactions(entry.reactions, input.addedReactions ?? [], input.removedReactions ?? [], ctx.user.id, ctx.now);
    if (!sameReactions(next, entry.reactions)) patch.reactions = next;
  }
  return patch;
}

export function updateComment(ctx: HandlerContext, scope: CommentScope, comment: CommentRecord, input: CommentUpdate): CommentRecord {
  requireCommenter(ctx, scope);
  const patch: Partial<CommentRecord> = contentPatch(ctx, scope, comment, input, 'comment');
  if (input.resolved !== undefined) {
    if (!canResolve(scope.role, comment.postedBy === ctx.user.id)) {
      throw errors.forbidden('resolve or reopen a comment posted by someone else (the review role is needed)');
    }
    const resolution = applyResolution(comment, input.resolved, ctx.user.id, ctx.now);
    if (resolution) {
      Object.assign(patch, resolution);
      ctx.coverage.transition(COMMENT_MACHINE, comment.status, resolution.status);
    }
  }
  return Object.keys(patch).length ? ctx.db.comments.update(comment.id, patch) : comment;
}

export function deleteComment(ctx: HandlerContext, scope: CommentScope, comment: CommentRecord): void {
  if (!commentPermissions(scope.role, comment.postedBy === ctx.user.id).delete) {
    throw errors.forbidden('delete a comment posted by someone else');
  }
  removeWithDependents(ctx.db, 'comments', comment.id);
}

export function createReply(ctx: HandlerContext, scope: CommentScope, comment: CommentRecord, body: BodyInput): CommentReplyRecord {
  requireCommenter(ctx, scope);
  return ctx.db.commentReplies.insert({
    id: ctx.ids.next('commentReply'),
    comment: comment.id,
    space: comment.space,
    ...(comment.changeRequest && { changeRequest: comment.changeRequest }),
    postedBy: ctx.user.id,
    postedAt: ctx.now,
    body: { markdown: inputToMarkdown(body) },
    reactions: NO_REACTIONS,
  });
}

export function updateReply(ctx: HandlerContext, scope: CommentScope, reply: CommentReplyRecord, input: ReplyUpdate): CommentReplyRecord {
  requireCommenter(ctx, scope);
  const patch = contentPatch(ctx, scope, reply, input, 'reply');
  return Object.keys(patch).length ? ctx.db.commentReplies.update(reply.id, patch) : reply;
}

export function deleteReply(ctx: HandlerContext, scope: CommentScope, reply: CommentReplyRecord): void {
  if (!commentPermissions(scope.role, reply.postedBy === ctx.user.id).delete) {
    throw errors.forbidden('delete a reply posted by someone else');
  }
  removeWithDependents(ctx.db, 'commentReplies', reply.id);
}
