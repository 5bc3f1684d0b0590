/**
 * The users who commented in a scope, served in the official shape of
 * listCommentersInSpace: organization members (each embedding its user), in the order
 * of their first comment or reply.
 */
import type { HandlerContext } from '../../contract/operation.ts';
import type { SpaceRecord } from '../../store/records.ts';
import { membership } from '../shared/access.ts';
import { presentUserById } from '../shared/present.ts';
import type { CommentScope } from '../shared/comment-scope.ts';

/** Distinct authors of the scope's comments and replies, by first post. */
export function commenterIds(ctx: HandlerContext, scope: CommentScope): string[] {
  const first = new Map<string, string>();
  const see = (user: string, at: string) => {
    const seen = first.get(user);
    if (seen === undefined || at < seen) first.set(user, at);
  };
  const view = scope.view();
  for (let i = 0; i < view.length; i++) {
    const comment = view.at(i);
    see(comment.postedBy, comment.postedAt);
    for (const reply of ctx.db.commentReplies.by('comment', comment.id)) see(reply.postedBy, reply.postedAt);
  }
  return [...first].sort((a, b) => a[1].localeCompare(b[1])).map(([user]) => user);
}

/** A commenter as an organization member; one who left shows as a disabled guest. */
export function presentCommenter(ctx: HandlerContext, space: SpaceRecord, userId: string) {
  const { db } = ctx;
  const member = membership(ctx.db, space.organization, userId);
  const user = db.users.get(userId);
  const teams = db.teamMembers.by('user', userId).filter((t) => t.organization === space.organization).length;
  return {
    object: 'member' as const,
    id: userId,
    role: member?.role ?? null,
    user: presentUserById(ctx, userId),
    disabled: member ? member.disabled : true,
    joinedAt: member?.joinedAt ?? user?.createdAt ?? space.createdAt,
    ...(member?.lastSeenAt && { lastSeenAt: member.lastSeenAt }),
    sso: member?.sso ?? false,
    spaces: member ? db.spaces.by('organization', space.organization).filter((s) => !s.deletedAt).length : 0,
    teams,
    sites: member ? db.sites.countBy('organization', space.organization) : 0,
  };
}
