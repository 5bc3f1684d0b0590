/**
 * Coverage of the change-request base: when a space's primary content moves to a new
 * revision, every active change request that was based on the old one becomes outdated
 * (the rule is isOutdated in src/rules/change-request.ts; nothing is written for it).
 */
import type { HandlerContext } from '../../contract/operation.ts';
import { baseRevision, CHANGE_REQUEST_BASE_MACHINE, isActive } from '../../rules/change-request.ts';

export function noteOutdated(ctx: HandlerContext, spaceId: string, oldRevision: string): void {
  for (const cr of ctx.db.changeRequests.by('space', spaceId)) {
    if (isActive(cr) && baseRevision(cr) === oldRevision) ctx.coverage.transition(CHANGE_REQUEST_BASE_MACHINE, 'current', 'outdated');
  }
}
