/**
 * GET .../change-requests/{id}/changes (official getChangeRequestChanges): what the change
 * request changes against the content it is based on, worked out from the two revisions
 * (src/rules/semantic-changes.ts), so every edit, import or update shows at once. A revision's
 * changes carry what the revision tells of its merge (`mergedFrom`), as the revision itself does.
 */
import { type HandlerContext, type Operation } from '../../contract/operation.ts';
import { baseRevision } from '../../rules/change-request.ts';
import { semanticChanges, type SemanticChange } from '../../rules/semantic-changes.ts';
import type { SpaceRecord } from '../../store/records.ts';
import { contentOf, loadChangeRequest, revisionOf } from '../shared/revisions.ts';
import { presentFile, presentMergedFrom } from '../shared/content-present.ts';
import { revisionContent } from '../shared/content.ts';
import { officialOp } from '../engine/operations.ts';

function presentChange(ctx: HandlerContext, space: SpaceRecord, change: SemanticChange) {
  if (!('file' in change)) return change;
  const { id, name, contentType, downloadURL } = presentFile(ctx, space, change.file);
  return { ...change, file: { id, name, contentType, downloadURL } };
}

export const changeOperations: Operation[] = [
  officialOp('getChangeRequestChanges', {
    query: 'change-requests/changes-query',
    response: 'change-requests/semantic-changes',
    handle: (ctx) => {
      const { space, cr } = loadChangeRequest(ctx);
      const all = semanticChanges(contentOf(revisionOf(ctx, baseRevision(cr))), contentOf(revisionOf(ctx, cr.revision)));
      return presentChanges(ctx, space, all, ctx.query.limit);
    },
  }),
  officialOp('getRevisionSemanticChanges', {
    query: 'change-requests/changes-query',
    response: 'change-requests/semantic-changes',
    handle: (ctx) => {
      // Against its first parent (the official description); a first revision creates everything.
      const { space, revision } = revisionContent(ctx);
      const parent = revision.parents[0] === undefined ? undefined : ctx.db.revisions.get(revision.parents[0]);
      const base = parent ? contentOf(parent) : { pages: [], files: [], reusableContents: [], variables: {} };
      return { ...presentMergedFrom(ctx, revision), ...presentChanges(ctx, space, semanticChanges(base, contentOf(revision)), ctx.query.limit) };
    },
  }),
];

function presentChanges(ctx: HandlerContext<unknown, unknown, unknown>, space: SpaceRecord, all: SemanticChange[], limit: number) {
  const shown = all.slice(0, Math.max(0, Math.floor(limit))).map((c) => presentChange(ctx, space, c));
  return { changes: shown, ...(all.length > shown.length && { more: all.length - shown.length }) };
}
