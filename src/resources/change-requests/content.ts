/** Change-request content: the latest revision, its pages and files, and importing into it. */
import { op, type Operation } from '../../contract/operation.ts';
import { arrayView, paginate } from '../../contract/paginate.ts';
import { editContent } from '../../rules/change-request.ts';
import { requireEditable } from '../shared/access.ts';
import { presentFile, presentPage, presentPages, presentRevision } from '../shared/content-present.ts';
import { contentOf, createRevision, loadChangeRequest, revisionOf, withContributor } from '../shared/revisions.ts';
import { decided } from '../shared/decided.ts';
import { changeRequestContent, importedPage, requireFile, requirePage } from '../shared/content.ts';
import { officialOp } from '../engine/operations.ts';

export const K = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content';

export const contentOperations: Operation[] = [
  officialOp('getRevisionOfChangeRequestById', {
    query: 'content/content-query',
    response: 'content/revision',
    handle: (ctx) => presentRevision(ctx, changeRequestContent(ctx), ctx.query),
  }),
  op({
    operationId: 'importContentInChangeRequest',
    official: false,
    method: 'POST',
    path: `${K}/import`,
    status: 201,
    body: 'content/import-body',
    response: 'content/import-result',
    handle: (ctx) => {
      const { space, cr } = loadChangeRequest(ctx, 'edit', 'import content into change requests in this space');
      requireEditable(space);
      decided(editContent(cr, cr.revision, ctx.now));
      const current = revisionOf(ctx, cr.revision);
      const page = importedPage(new URL(ctx.body.url), current.pages, ctx.ids.next('page'), ctx.now);
      const revision = createRevision(ctx, space, {
        ...contentOf(current),
        pages: [...current.pages, page],
        parents: [current.id],
        type: 'edits',
        changeRequest: cr.id,
      });
      ctx.db.changeRequests.update(cr.id, { ...decided(editContent(cr, revision.id, ctx.now)).patch, ...withContributor(cr, ctx.user.id) });
      return { revision: revision.id, importedResources: 1, totalResources: 1 };
    },
  }),
  officialOp('listPagesInChangeRequest', {
    query: 'content/content-query',
    response: 'content/pages-result',
    handle: (ctx) => ({ pages: presentPages(changeRequestContent(ctx), ctx.query) }),
  }),
  officialOp('listFilesInChangeRequestById', {
    query: 'content/file-list-query',
    response: 'content/file-list',
    handle: (ctx) => {
      const place = changeRequestContent(ctx);
      return paginate(arrayView(place.revision.files), ctx.query, (f) => presentFile(ctx, place.space, f, ctx.query));
    },
  }),
  officialOp('getFileInChangeRequestById', {
    query: 'content/content-query',
    response: 'content/file',
    handle: (ctx) => {
      const place = changeRequestContent(ctx);
      return presentFile(ctx, place.space, requireFile(place, ctx.params.fileId), ctx.query);
    },
  }),
  officialOp('getPageInChangeRequestById', {
    query: 'content/page-query',
    response: 'content/page',
    handle: (ctx) => {
      const place = changeRequestContent(ctx);
      return presentPage(place, requirePage(place, ctx.params.pageId), ctx.query);
    },
  }),
];
