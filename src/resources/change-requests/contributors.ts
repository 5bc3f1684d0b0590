/**
 * Who contributed to a change request (getContributorsByChangeRequestId): those who edited
 * it (its creator, then whoever changed its content, as the change request keeps them) and
 * those who commented on it or replied (a review's comment is a comment), each once per kind.
 * A commenter's `count` is their comments and replies, `updatedAt` the last one's time; the
 * mock keeps who edited, not how often, so an editor counts 1 at the change request's last change.
 */
import { type Operation } from '../../contract/operation.ts';
import { presentUserById } from '../shared/present.ts';
import { loadChangeRequest } from '../shared/revisions.ts';
import { officialOp } from '../engine/operations.ts';

interface Contribution {
  user: string;
  actionType: 'edit' | 'comment';
  count: number;
  updatedAt: string;
}

export const contributorOperations: Operation[] = [
  officialOp('getContributorsByChangeRequestId', {
    handle: (ctx) => {
      const { cr } = loadChangeRequest(ctx);
      const edits: Contribution[] = [cr.createdBy, ...(cr.contributors ?? [])].map((user) => ({ user, actionType: 'edit', count: 1, updatedAt: cr.updatedAt }));
      const comments = new Map<string, Contribution>();
      const note = (user: string, at: string) => {
        const found = comments.get(user);
        if (found) {
          found.count++;
          if (at > found.updatedAt) found.updatedAt = at;
        } else comments.set(user, { user, actionType: 'comment', count: 1, updatedAt: at });
      };
      for (const comment of ctx.db.comments.by('changeRequest', cr.id)) {
        note(comment.postedBy, comment.postedAt);
        for (const reply of ctx.db.commentReplies.by('comment', comment.id)) note(reply.postedBy, reply.postedAt);
      }
      const all = [...edits, ...comments.values()];
      // The official operation takes no page: the whole list, counted.
      return { items: all.map((c) => ({ user: presentUserById(ctx, c.user), actionType: c.actionType, count: c.count, updatedAt: c.updatedAt })), count: all.length };
    },
  }),
];
