/**
 * Comment operations, built once for space comments and once for change-request
 * comments: the same rows, differing only in path prefix and official operationId.
 */
import { op, type Operation } from '../../contract/operation.ts';
import { arrayView, paginate } from '../../contract/paginate.ts';
import { commentPage } from './list-json.ts';
import type { RequestTypes } from '../../contract/request-types.ts';
import { commenterIds, presentCommenter } from './commenters.ts';
import { presentComment, presentReply } from '../shared/present-comment.ts';
import { requireComment, requireReply, requireScope } from '../shared/comment-scope.ts';
import * as write from '../shared/comment-writes.ts';

interface Names {
  prefix: '/v1/spaces/{spaceId}/comments' | '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments';
  list: string;
  create: string;
  get: string;
  update: string;
  delete: string;
  listReplies: string;
  createReply: string;
  getReply: string;
  updateReply: string;
  deleteReply: string;
  commenters: string;
  commentersPath: '/v1/spaces/{spaceId}/commenters' | '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/commenters';
}

function commentRows(n: Names): Operation[] {
  const one = `${n.prefix}/{commentId}` as const;
  const reply = `${one}/replies/{commentReplyId}` as const;
  return [
    op({
      operationId: n.list, method: 'GET', path: n.prefix, status: 200,
      query: 'comments/comment-list-query', response: 'comments/comment-list',
      handle: (ctx) => commentPage(ctx, requireScope(ctx), ctx.query),
    }),
    op({
      operationId: n.create, method: 'POST', path: n.prefix, status: 200,
      body: 'comments/comment-create', response: 'comments/comment',
      handle: (ctx) => {
        const scope = requireScope(ctx);
        return presentComment(ctx, scope, write.createComment(ctx, scope, ctx.body));
      },
    }),
    op({
      operationId: n.get, method: 'GET', path: one, status: 200,
      query: 'comments/format-query', response: 'comments/comment',
      handle: (ctx) => {
        const scope = requireScope(ctx);
        return presentComment(ctx, scope, requireComment(ctx, scope, ctx.params.commentId), ctx.query.format);
      },
    }),
    op({
      operationId: n.update, method: 'PUT', path: one, status: 200,
      body: 'comments/comment-update', response: 'comments/comment',
      handle: (ctx) => {
        const scope = requireScope(ctx);
        const comment = requireComment(ctx, scope, ctx.params.commentId);
        return presentComment(ctx, scope, write.updateComment(ctx, scope, comment, ctx.body));
      },
    }),
    op({
      operationId: n.delete, method: 'DELETE', path: one, status: 205,
      handle: (ctx) => {
        const scope = requireScope(ctx);
        write.deleteComment(ctx, scope, requireComment(ctx, scope, ctx.params.commentId));
      },
    }),
    op({
      operationId: n.listReplies, method: 'GET', path: `${one}/replies`, status: 200,
      query: 'comments/reply-list-query', response: 'comments/comment-reply-list',
      handle: (ctx) => {
        const scope = requireScope(ctx);
        const comment = requireComment(ctx, scope, ctx.params.commentId);
        const view = ctx.db.commentReplies.viewBy('comment', comment.id);
        return paginate(view, ctx.query, (r) => presentReply(ctx, scope, r, ctx.query.format), undefined, 'asc');
      },
    }),
    op({
      operationId: n.createReply, method: 'POST', path: `${one}/replies`, status: 200,
      query: 'comments/format-query', body: 'comments/reply-create', response: 'comments/comment-reply',
      handle: (ctx) => {
        const scope = requireScope(ctx);
        const comment = requireComment(ctx, scope, ctx.params.commentId);
        return presentReply(ctx, scope, write.createReply(ctx, scope, comment, ctx.body.body), ctx.query.format);
      },
    }),
    op({
      operationId: n.getReply, method: 'GET', path: reply, status: 200,
      query: 'comments/format-query', response: 'comments/comment-reply',
      handle: (ctx) => {
        const scope = requireScope(ctx);
        const found = requireReply(ctx, requireComment(ctx, scope, ctx.params.commentId), ctx.params.commentReplyId);
        return presentReply(ctx, scope, found, ctx.query.format);
      },
    }),
    op({
      operationId: n.updateReply, method: 'PUT', path: reply, status: 200,
      body: 'comments/reply-update', response: 'comments/comment-reply',
      handle: (ctx) => {
        const scope = requireScope(ctx);
        const found = requireReply(ctx, requireComment(ctx, scope, ctx.params.commentId), ctx.params.commentReplyId);
        return presentReply(ctx, scope, write.updateReply(ctx, scope, found, ctx.body));
      },
    }),
    op({
      operationId: n.deleteReply, method: 'DELETE', path: reply, status: 205,
      handle: (ctx) => {
        const scope = requireScope(ctx);
        const found = requireReply(ctx, requireComment(ctx, scope, ctx.params.commentId), ctx.params.commentReplyId);
        write.deleteReply(ctx, scope, found);
      },
    }),
    op({
      operationId: n.commenters, method: 'GET', path: n.commentersPath, status: 200,
      query: 'common/pagination-query', response: 'comments/commenter-list',
      handle: (ctx) => {
        const scope = requireScope(ctx);
        return paginate(arrayView(commenterIds(ctx, scope)), ctx.query, (user) => presentCommenter(ctx, scope.space, user));
      },
    }),
  ];
}

/** Every comment operation: space comments, then change-request comments. */
export const commentOperations: Operation[] = [
  ...commentRows({
    prefix: '/v1/spaces/{spaceId}/comments',
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
    commentersPath: '/v1/spaces/{spaceId}/commenters',
  }),
  ...commentRows({
    prefix: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments',
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
    commentersPath: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/commenters',
  }),
];
