/**
 * Comment and CommentReply objects, derived from records and the caller's role: counts,
 * repliers, permissions and URLs are computed here, never stored.
 */
import { can, type Role } from '../../auth/roles.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import { mayResolve } from '../../rules/comment-status.ts';
import type { CommentRecord, CommentReplyRecord, ReactionRecord } from '../../store/records.ts';
import { findPage, presentPageHead } from './page-tree.ts';
import { apiUrl, presentUserById, type Presenting } from './present.ts';
import { renderBody, type BodyFormat } from './comment-body.ts';
import type { CommentScope } from './comment-scope.ts';

/** What the caller may do with a comment or reply; the operations check the same rules. */
export function commentPermissions(role: Role | null, isAuthor: boolean) {
  const comment = can(role, 'comment');
  return {
    view: can(role, 'view'),
    edit: isAuthor && comment,
    reply: comment,
    delete: (isAuthor && comment) || can(role, 'admin'),
  };
}

/** What presenting a comment reads of the request: tables, origin, and who asks (their permissions). */
export type CommentReader = Presenting & { user: { id: string } };

/** What presenting a comment reads of its scope. */
export type ScopeView = Pick<CommentScope, 'role' | 'path' | 'revision'>;

export function canResolve(role: Role | null, isAuthor: boolean): boolean {
  return mayResolve(isAuthor, can(role, 'comment'), can(role, 'review'));
}

function presentReactions(ctx: Presenting, reactions: readonly ReactionRecord[]) {
  return reactions.map((r) => ({
    emoji: r.emoji,
    count: r.users.length,
    users: r.users.map((u) => ({ user: presentUserById(ctx, u.user), reactedAt: u.reactedAt })),
  }));
}

function presentPageTarget(ctx: Presenting, scope: ScopeView, revisionId: string, pageId: string) {
  const { revisions } = ctx.db;
  const found = findPage(revisions.get(revisionId)?.pages ?? [], pageId);
  if (!found) return { id: pageId, outdated: true };
  const { page, path } = found;
  let outdated = false;
  if (revisionId !== scope.revision) {
    const now = findPage(revisions.get(scope.revision)?.pages ?? [], pageId)?.page;
    outdated = !now || now.markdown !== page.markdown || now.title !== page.title;
  }
  return { ...presentPageHead(page), path, outdated };
}

function presentRepliers(ctx: Presenting, commentId: string) {
  const byUser = new Map<string, { count: number; updatedAt: string }>();
  for (const reply of ctx.db.commentReplies.by('comment', commentId)) {
    const seen = byUser.get(reply.postedBy);
    const at = reply.editedAt && reply.editedAt > reply.postedAt ? reply.editedAt : reply.postedAt;
    if (!seen) byUser.set(reply.postedBy, { count: 1, updatedAt: at });
    else byUser.set(reply.postedBy, { count: seen.count + 1, updatedAt: at > seen.updatedAt ? at : seen.updatedAt });
  }
  return [...byUser].map(([user, v]) => ({ user: presentUserById(ctx, user), count: v.count, updatedAt: v.updatedAt }));
}

export function presentComment(ctx: CommentReader, scope: ScopeView, c: CommentRecord, format?: BodyFormat) {
  const { target } = c;
  const replies = ctx.db.commentReplies.countBy('comment', c.id);
  return {
    object: 'comment' as const,
    id: c.id,
    postedBy: presentUserById(ctx, c.postedBy),
    postedAt: c.postedAt,
    ...(c.editedAt && { editedAt: c.editedAt }),
    reactions: presentReactions(ctx, c.reactions),
    replies,
    // Most comments have no reply (every new one): no copy of an empty list, no map.
    repliers: replies === 0 ? [] : presentRepliers(ctx, c.id),
    body: renderBody(c.body, format),
    target: {
      space: c.space,
      revision: c.revision,
      ...(c.changeRequest && { changeRequest: c.changeRequest }),
      ...(target.page && { page: presentPageTarget(ctx, scope, c.revision, target.page) }),
      ...(target.node && { node: { id: target.node } }),
      ...(target.tableCell && { tableCell: target.tableCell }),
    },
    urls: { location: apiUrl(ctx, `${scope.path}/${c.id}`) },
    permissions: commentPermissions(scope.role, c.postedBy === ctx.user.id),
    status: c.status,
    ...(c.status === 'resolved' && c.resolvedAt !== undefined && c.resolvedBy !== undefined && { resolvedAt: c.resolvedAt, resolvedBy: presentUserById(ctx, c.resolvedBy) }),
  };
}

export function presentReply(ctx: HandlerContext, scope: CommentScope, r: CommentReplyRecord, format?: BodyFormat) {
  return {
    object: 'comment-reply' as const,
    id: r.id,
    postedBy: presentUserById(ctx, r.postedBy),
    postedAt: r.postedAt,
    ...(r.editedAt && { editedAt: r.editedAt }),
    reactions: presentReactions(ctx, r.reactions),
    body: renderBody(r.body, format),
    urls: { location: apiUrl(ctx, `${scope.path}/${r.comment}/replies/${r.id}`) },
    permissions: commentPermissions(scope.role, r.postedBy === ctx.user.id),
  };
}
