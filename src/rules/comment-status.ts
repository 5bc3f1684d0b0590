/**
 * Comment resolution as a pure state machine: `resolved: true` moves an open comment to
 * `resolved` (with when and by whom); `resolved: false` makes it open again and clears
 * both. Asking for the state a comment is already in changes nothing.
 */
import { defineMachine } from '../state-machine.ts';

export const COMMENT_MACHINE = defineMachine('comment', [
  ['open', 'resolved'],
  ['resolved', 'open'],
]);

export interface Resolvable {
  status: 'open' | 'resolved';
  resolvedAt?: string;
  resolvedBy?: string;
}

export type ResolutionPatch = Pick<Resolvable, 'status'> & { resolvedAt: string | undefined; resolvedBy: string | undefined };

/** The patch that sets the comment's resolution, or undefined when nothing changes. */
export function applyResolution(comment: Resolvable, resolved: boolean, actor: string, now: string): ResolutionPatch | undefined {
  if (resolved === (comment.status === 'resolved')) return undefined;
  return resolved
    ? { status: 'resolved', resolvedAt: now, resolvedBy: actor }
    : { status: 'open', resolvedAt: undefined, resolvedBy: undefined };
}

/** Who may resolve or reopen: the author (who may comment), or anyone who may review. */
export function mayResolve(isAuthor: boolean, canComment: boolean, canReview: boolean): boolean {
  return canReview || (isAuthor && canComment);
}
