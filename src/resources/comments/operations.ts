/**
 * Comment operations, built once for space comments and once for change-request
 * comments: the same rows, differing only in their official operationIds (and so their paths).
 */
import type { Operation } from '../../contract/operation.ts';
import { arrayView, paginate } from '../../contract/paginate.ts';
import { commentPage } from './list-json.ts';
import type { RequestTypes } from '../../contract/request-types.ts';
import { commenterIds, presentCommenter } from './commenters.ts';
import { presentComment, presentReply } from '../shared/present-comment.ts';
import { requireComment, requireReply, requireScope } from '../shared/comment-scope.ts';
import * as write from '../shared/comment-writes.ts';
import { officialOp } from '../engine/operations.ts';

/** The official operationIds of one place's comment operations. */
const IN_SPACE = {
  list: 'listCommentsInSpace',
  create: 'postCommentInSpace',
  get: 'getCommentInSpace',
  update: 'updateCommentInSpace',
  delete: 'deleteCommentInSpace',
  listReplies: 'listCommentRepliesInSpace',
  createReply: 'postCommentReplyInSpace',
  getReply: 'getCommentReplyInSpace',
  updateReply: 'updateCommentReplyInSpace',
  deleteReply: 'deleteCommentReplyInSpace',
  commenters: 'listCommentersInSpace',
} as const;

const IN_CHANGE_REQUEST = {
  list: 'listCommentsInChangeRequest',
  create: 'postCommentInChangeRequest',
  get: 'getCommentInChangeRequest',
  update: 'updateCommentInChangeRequest',
  delete: 'deleteCommentInChangeRequest',
  listReplies: 'listCommentRepliesInChangeRequest',
  createReply: 'postCommentReplyInChangeRequest',
  getReply: 'getCommentReplyInChangeRequest',
  updateReply: 'updateCommentReplyInChangeRequest',
  deleteReply: 'deleteCommentReplyInChangeRequest',
  commenters: 'listCommentersInChangeRequest',
} as const;

type Names = typeof IN_SPACE | typeof IN_CHANGE_REQUEST;

function commentRows(n: Names): Operation[] {
  return [
    officialOp(n.list, {
      query: 'comments/comment-list-query', response: 'comments/comment-list',
      handle: (ctx) => commentPage(ctx, requireScope(ctx), ctx.query),
    }),
    officialOp(n.create, {
      body: 'comments/comment-create', response: 'comments/comment',
      handle: (ctx) => {
        const scope = requireScope(ctx);
        return presentComment(ctx, scope, write.createComment(ctx, scope, ctx.body));
      },
    }),
    officialOp(n.get, {
      query: 'comments/format-query', response: 'comments/comment',
      handle: (ctx) => {
        const scope = requireScope(ctx);
        return presentComment(ctx, scope, requireComment(ctx, scope, ctx.params.commentId), ctx.query.format);
      },
    }),
    officialOp(n.update, {
      body: 'comments/comment-update', response: 'comments/comment',
      handle: (ctx) => {
        const scope = requireScope(ctx);
        const comment = requireComment(ctx, scope, ctx.params.commentId);
        return presentComment(ctx, scope, write.updateComment(ctx, scope, comment, ctx.body));
      },
    }),
    officialOp(n.delete, {
      status: 205,
      handle: (ctx) => {
        const scope = requireScope(ctx);
        write.deleteComment(ctx, scope, requireComment(ctx, scope, ctx.params.commentId));
      },
    }),
    officialOp(n.listReplies, {
      query: 'comments/reply-list-query', response: 'comments/comment-reply-list',
      handle: (ctx) => {
        const scope = requireScope(ctx);
        const comment = requireComment(ctx, scope, ctx.params.commentId);
        const view = ctx.db.commentReplies.viewBy('comment', comment.id);
        return paginate(view, ctx.query, (r) => presentReply(ctx, scope, r, ctx.query.format), undefined, 'asc');
      },
    }),
    officialOp(n.createReply, {
      query: 'comments/format-query', body: 'comments/reply-create', response: 'comments/comment-reply',
      handle: (ctx) => {
        const scope = requireScope(ctx);
        const comment = requireComment(ctx, scope, ctx.params.commentId);
        return presentReply(ctx, scope, write.createReply(ctx, scope, comment, ctx.body.body), ctx.query.format);
      },
    }),
    officialOp(n.getReply, {
      query: 'comments/format-query', response: 'comments/comment-reply',
      handle: (ctx) => {
        const scope = requireScope(ctx);
        const found = requireReply(ctx, requireComment(ctx, scope, ctx.params.commentId), ctx.params.commentReplyId);
        return presentReply(ctx, scope, found, ctx.query.format);
      },
    }),
    officialOp(n.updateReply, {
      body: 'comments/reply-update', response: 'comments/comment-reply',
      handle: (ctx) => {
        const scope = requireScope(ctx);
        const found = requireReply(ctx, requireComment(ctx, scope, ctx.params.commentId), ctx.params.commentReplyId);
        return presentReply(ctx, scope, write.updateReply(ctx, scope, found, ctx.body));
      },
    }),
    officialOp(n.deleteReply, {
      status: 205,
      handle: (ctx) => {
        const scope = requireScope(ctx);
        const found = requireReply(ctx, requireComment(ctx, scope, ctx.params.commentId), ctx.params.commentReplyId);
        write.deleteReply(ctx, scope, found);
      },
    }),
    officialOp(n.commenters, {
      query: 'common/pagination-query', response: 'comments/commenter-list',
      handle: (ctx) => {
        const scope = requireScope(ctx);
        return paginate(arrayView(commenterIds(ctx, scope)), ctx.query, (user) => presentCommenter(ctx, scope.space, user));
      },
    }),
  ];
}

/** Every comment operation: space comments, then change-request comments. */
export const commentOperations: Operation[] = [...commentRows(IN_SPACE), ...commentRows(IN_CHANGE_REQUEST)];
