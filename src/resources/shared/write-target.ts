/** A write to a space's content, live or in a change request, as a new revision (imports and templates make pages this way). */
import type { HandlerContext } from '../../contract/operation.ts';
import { editContent } from '../../rules/change-request.ts';
import type { PageRecord, SpaceRecord } from '../../store/records.ts';
import { decided } from './decided.ts';
import { noteOutdated } from './outdated.ts';
import { contentOf, createRevision, revisionOf, withContributor } from './revisions.ts';

/** Writes a new revision of the target (the space's live content, or the change request's) with `change` applied to its pages. */
export function writeTarget(ctx: HandlerContext, space: SpaceRecord, changeRequest: string | undefined, change: (pages: readonly PageRecord[]) => PageRecord[]): void {
  if (changeRequest) {
    const cr = ctx.db.changeRequests.existing(changeRequest);
    const current = revisionOf(ctx, cr.revision);
    const revision = createRevision(ctx, space, { ...contentOf(current), pages: change(current.pages), parents: [current.id], type: 'edits', changeRequest: cr.id });
    ctx.db.changeRequests.update(cr.id, { ...decided(editContent(cr, revision.id, ctx.now)).patch, ...withContributor(cr, ctx.user.id) });
    return;
  }
  const current = revisionOf(ctx, space.revision);
  const revision = createRevision(ctx, space, { ...contentOf(current), pages: change(current.pages), parents: [current.id], type: 'edits' });
  ctx.db.spaces.update(space.id, { revision: revision.id, updatedAt: ctx.now });
  noteOutdated(ctx, space.id, space.revision);
}
