/**
 * POST .../change-requests/{changeRequestId}/content (official updateChangeRequestContent):
 * the official `changes` applied in order to the change request's latest revision
 * (rules/content-changes.ts), kept as a new revision of it, as an import or an edit is. The
 * answer is the change request (`compat`, the default) or it with the pages each change
 * touched and the files inserted (`compat=false`). One change refused refuses them all.
 */
import { type Operation } from '../../contract/operation.ts';
import { baseRevision, editContent } from '../../rules/change-request.ts';
import { applyContentChanges } from '../../rules/content-changes.ts';
import { inputToMarkdown, type BodyInput } from '../shared/comment-body.ts';
import { requireEditable } from '../shared/access.ts';
import { decided } from '../shared/decided.ts';
import { apiUrl } from '../shared/present.ts';
import { presentFile } from '../shared/content-present.ts';
import { contentOf, createRevision, loadChangeRequest, revisionOf, withContributor } from '../shared/revisions.ts';
import { presentChangeRequest } from '../shared/present-change-request.ts';
import { officialOp } from '../engine/operations.ts';

export const contentChangeOperations: Operation[] = [
  officialOp('updateChangeRequestContent', {
    // The answer's schema reaches every document block: the one copy in the generic file serves.
    response: 'official/generic#/$defs/updateChangeRequestContent-response',
    handle: (ctx) => {
      const { space, cr } = loadChangeRequest(ctx, 'edit', 'change the content of change requests in this space');
      requireEditable(space);
      decided(editContent(cr, cr.revision, ctx.now));
      const current = revisionOf(ctx, cr.revision);
      const { applied } = decided(
        applyContentChanges(current, ctx.body.changes, {
          nextId: (kind) => ctx.ids.next(kind),
          now: ctx.now,
          markdownOf: (document) => inputToMarkdown(document as BodyInput),
          pagesAt: (id) => {
            const revision = ctx.db.revisions.get(id ?? baseRevision(cr));
            return revision && revision.space === space.id ? revision.pages : undefined;
          },
        }),
      );
      const revision = createRevision(ctx, space, { ...contentOf(current), pages: applied.pages, files: applied.files, parents: [current.id], type: 'edits', changeRequest: cr.id });
      const updated = ctx.db.changeRequests.update(cr.id, { ...decided(editContent(cr, revision.id, ctx.now)).patch, ...withContributor(cr, ctx.user.id) });
      const presented = presentChangeRequest(ctx, updated);
      if (ctx.query.compat !== false) return presented;
      const pageRef = (page: string) => ({ object: 'page' as const, id: page, urls: { location: apiUrl(ctx, `/spaces/${space.id}/change-requests/${cr.id}/content/page/${page}`) } });
      return {
        changeRequest: presented,
        changes: applied.outcomes.map((o) => (o.object === 'deleted_page' ? o : { ...o, page: pageRef(o.page) })),
        ...(applied.inserted.length > 0 && { insertedFiles: applied.inserted.map((f) => presentFile(ctx, space, f)) }),
      };
    },
  }),
];
