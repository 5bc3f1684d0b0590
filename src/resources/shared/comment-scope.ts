/**
 * Where comments live: a space's own discussion, or a change request's. Every comment
 * operation starts by resolving its scope from the path, so that space and change-request
 * comments share one implementation.
 */
import type { Role } from '../../auth/roles.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import type { RowView } from '../../store/table.ts';
import type { Tables } from '../../store/store.ts';
import type { ChangeRequestRecord, CommentRecord, CommentReplyRecord, SpaceRecord } from '../../store/records.ts';
import { requireChangeRequest, requireSpace } from './access.ts';
import { findOrThrow } from './find.ts';

export interface ScopeParams {
  spaceId: string;
  changeRequestId?: string;
}

export interface CommentScope {
  space: SpaceRecord;
  role: Role | null;
  changeRequest?: ChangeRequestRecord;
  /** API path of the scope's comments, without /v1 (for urls.location). */
  path: string;
  /** The revision new comments are posted on. */
  revision: string;
  /** Every comment of the scope, in posting order. */
  view(): RowView<CommentRecord>;
  /** The open comments of the scope, in posting order. */
  openView(): RowView<CommentRecord>;
}

/** The scope named by the path; 404 when the space or change request is not visible. */
export function requireScope(ctx: HandlerContext<ScopeParams, unknown, unknown>): CommentScope {
  const { space, role } = requireSpace(ctx, ctx.params.spaceId);
  const cr = ctx.params.changeRequestId === undefined ? undefined : requireChangeRequest(ctx, space, ctx.params.changeRequestId);
  return commentScope(ctx.db, space, role, cr);
}

/** The comments of a space, or of one of its change requests, as `role` sees them (access already checked). */
export function commentScope(db: Tables, space: SpaceRecord, role: Role | null, cr: ChangeRequestRecord | undefined): CommentScope {
  const { comments } = db;
  if (cr === undefined) {
    return {
      space,
      role,
      path: `/spaces/${space.id}/comments`,
      revision: space.revision,
      view: () => comments.viewBy('space', space.id),
      openView: () => comments.viewBy('openInSpace', space.id),
    };
  }
  return {
    space,
    role,
    changeRequest: cr,
    path: `/spaces/${space.id}/change-requests/${cr.id}/comments`,
    revision: cr.revision,
    view: () => comments.viewBy('changeRequest', cr.id),
    openView: () => comments.viewBy('openInChangeRequest', cr.id),
  };
}

/** A comment of the scope; 404 for an unknown id or a comment of another scope. */
export function requireComment(ctx: HandlerContext, scope: CommentScope, commentId: string): CommentRecord {
  const inScope = (c: CommentRecord) => c.space === scope.space.id && c.changeRequest === scope.changeRequest?.id;
  return findOrThrow(ctx.db.comments, commentId, 'Comment', inScope);
}

/** A reply of the comment; 404 otherwise. */
export function requireReply(ctx: HandlerContext, comment: CommentRecord, replyId: string): CommentReplyRecord {
  return findOrThrow(ctx.db.commentReplies, replyId, 'Comment reply', (r) => r.comment === comment.id);
}
