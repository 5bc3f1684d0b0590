/**
 * The page bodies GitBook's renderer reads on their own: a revision's page tree
 * (listPagesInRevisionById), a page's document in a revision (getPageDocumentInRevisionById)
 * and a document by the `documentId` a page object names (getDocumentById). View role.
 */
import { errors } from '../../contract/errors.ts';
import { op, type Operation } from '../../contract/operation.ts';
import { documentIdOf } from '../../rules/semantic-changes.ts';
import { pageEntries } from '../shared/page-tree.ts';
import { requirePage, revisionContent } from '../shared/content.ts';
import { presentPage, presentPages, type ContentOptions, type ContentPlace } from '../shared/content-present.ts';
import { requireSpace } from '../shared/access.ts';

const S = '/v1/spaces/{spaceId}';
type DocumentOptions = Pick<ContentOptions, 'evaluated'>;

/** The page's body as a document (computed and evaluated as the page read would). */
function documentOf(place: ContentPlace, pageId: string, options: DocumentOptions) {
  return presentPage(place, requirePage(place, pageId), { ...options, format: 'document' }).document;
}

export const documentOperations: Operation[] = [
  op({
    operationId: 'listPagesInRevisionById',
    method: 'GET',
    path: `${S}/revisions/{revisionId}/pages`,
    status: 200,
    query: 'content/content-query',
    response: 'content/pages-result',
    official: true,
    handle: (ctx) => ({ pages: presentPages(revisionContent(ctx), ctx.query) }),
  }),
  op({
    operationId: 'getPageDocumentInRevisionById',
    method: 'GET',
    path: `${S}/revisions/{revisionId}/page/{pageId}/document`,
    status: 200,
    query: 'content/document-query',
    response: 'content/document',
    official: true,
    handle: (ctx) => documentOf(revisionContent(ctx), ctx.params.pageId, ctx.query),
  }),
  op({
    operationId: 'getDocumentById',
    method: 'GET',
    path: `${S}/documents/{documentId}`,
    status: 200,
    query: 'content/document-query',
    response: 'content/document',
    official: true,
    handle: (ctx) => {
      const { space } = requireSpace(ctx, ctx.params.spaceId, 'view');
      // A document id names one body of one page; any revision of the space may hold it.
      for (const revision of ctx.db.revisions.by('space', space.id)) {
        const entry = pageEntries(revision.pages).find((e) => documentIdOf(e.page) === ctx.params.documentId);
        if (entry) return documentOf({ space, revision }, entry.page.id, {});
      }
      throw errors.notFound('Document', ctx.params.documentId);
    },
  }),
];
