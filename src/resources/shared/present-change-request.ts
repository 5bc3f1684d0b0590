/** The ChangeRequest object, derived from its record, the space and the comments. */
import type { HandlerContext } from '../../contract/operation.ts';
import { isOutdated } from '../../rules/change-request.ts';
import type { ChangeRequestRecord, SpaceRecord } from '../../store/records.ts';
import { apiUrl, appUrl, presentUserById } from './present.ts';

/** Where a change request lives in the app (its pages hang under it). */
export function changeRequestAppPath(space: SpaceRecord, cr: ChangeRequestRecord): string {
  return `/o/${space.organization}/s/${space.id}/~/changes/${cr.number}`;
}

export function openComments(ctx: HandlerContext, cr: ChangeRequestRecord): number {
  return ctx.db.comments.countBy('openInChangeRequest', cr.id);
}

export function presentChangeRequest(ctx: HandlerContext, cr: ChangeRequestRecord) {
  const space = ctx.db.spaces.existing(cr.space);
  return {
    object: 'change-request' as const,
    id: cr.id,
    number: cr.number,
    status: cr.status,
    subject: cr.subject,
    createdBy: presentUserById(ctx, cr.createdBy),
    createdAt: cr.createdAt,
    updatedAt: cr.updatedAt,
    ...(cr.mergedBy && { mergedBy: presentUserById(ctx, cr.mergedBy) }),
    ...(cr.mergedAt && { mergedAt: cr.mergedAt }),
    space: cr.space,
    revision: cr.revision,
    revisionInitial: cr.revisionInitial,
    ...(cr.revisionMergedAncestor && { revisionMergedAncestor: cr.revisionMergedAncestor }),
    ...(cr.revisionMerged && { revisionMerged: cr.revisionMerged }),
    comments: openComments(ctx, cr),
    outdated: isOutdated(cr, space.revision),
    ...(cr.agentTaskId && { agentTaskId: cr.agentTaskId }),
    urls: {
      app: appUrl(`${changeRequestAppPath(space, cr)}/`),
      location: apiUrl(ctx, `/spaces/${space.id}/change-requests/${cr.id}`),
    },
  };
}
