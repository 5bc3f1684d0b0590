/**
 * The page bodies GitBook's renderer reads on their own: a revision's page tree
 * (listPagesInRevisionById), a page's document in a revision (getPageDocumentInRevisionById)
 * and a document by the `documentId` a page object (or the `document` a reusable content) names
 * (getDocumentById). View role.
 */
import { errors } from '../../contract/errors.ts';
import { type HandlerContext, type Operation } from '../../contract/operation.ts';
import { pageEntries } from '../shared/page-tree.ts';
import { requirePage, revisionContent } from '../shared/content.ts';
import { presentPage, presentPages, type ContentOptions, type ContentPlace } from '../shared/content-present.ts';
import { requireSpace } from '../shared/access.ts';
import { evaluate, toDocument } from '../shared/markdown.ts';
import type { ReusableContentRecord, SpaceRecord } from '../../store/records.ts';
import { officialOp } from '../engine/operations.ts';

type DocumentOptions = Pick<ContentOptions, 'evaluated'>;

/** The page's body as a document (computed and evaluated as the page read would). */
function documentOf(place: ContentPlace, pageId: string, options: DocumentOptions) {
  return presentPage(place, requirePage(place, pageId), { ...options, format: 'document' }).document;
}

/** A reusable content's body as a document (its links as written: it belongs to no page's folder). */
export function reusableDocument(place: ContentPlace, reusable: ReusableContentRecord, options: DocumentOptions) {
  return toDocument(options.evaluated ? evaluate(reusable.markdown, place.revision.variables) : reusable.markdown);
}

/** The document `documentId` names in the space: one body of one page or reusable content, in any revision of the space; 404 otherwise. */
export function documentById(ctx: HandlerContext, space: SpaceRecord, documentId: string, options: DocumentOptions) {
  for (const revision of ctx.db.revisions.by('space', space.id)) {
    const entry = pageEntries(revision.pages).find((e) => e.page.documentId === documentId);
    if (entry) return documentOf({ space, revision }, entry.page.id, options);
    const reusable = revision.reusableContents.find((r) => r.document === documentId);
    if (reusable) return reusableDocument({ space, revision }, reusable, options);
  }
  throw errors.notFound('Document', documentId);
}

export const documentOperations: Operation[] = [
  officialOp('listPagesInRevisionById', {
    query: 'content/content-query',
    response: 'content/pages-result',
    handle: (ctx) => ({ pages: presentPages(revisionContent(ctx), ctx.query) }),
  }),
  officialOp('getPageDocumentInRevisionById', {
    query: 'content/document-query',
    response: 'content/document',
    handle: (ctx) => documentOf(revisionContent(ctx), ctx.params.pageId, ctx.query),
  }),
  officialOp('getDocumentById', {
    query: 'content/document-query',
    response: 'content/document',
    handle: (ctx) => documentById(ctx, requireSpace(ctx, ctx.params.spaceId, 'view').space, ctx.params.documentId, ctx.query),
  }),
];
