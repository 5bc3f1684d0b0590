/**
 * A space's live content (its primary revision, which a merged change request or a Git import
 * replaces) and any revision of the space by id: the reads GitBook's renderer and the GitHub
 * integration make. Anyone who may view the space may read them.
 */
import type { HandlerContext, Operation } from '../../contract/operation.ts';
import type { PageEntry } from '../shared/page-tree.ts';
import { liveContent, pageAtPath, requirePage, revisionContent, type ContentParams } from '../shared/content.ts';
import { presentPage, presentPages, presentRevision, type ContentPlace } from '../shared/content-present.ts';
import { officialOp } from '../engine/operations.ts';

type PageParams = { spaceId: string; pageId?: string; pagePath?: string; revisionId?: string };

/**
 * The three reads of one place (the live content under `/content`, or a revision under
 * `/revisions/{revisionId}`): the revision itself, a page by id, a page by path.
 */
function placeReads(
  names:
    | { revision: 'getCurrentRevision'; pageById: 'getPageById'; pageByPath: 'getPageByPath' }
    | { revision: 'getRevisionById'; pageById: 'getPageInRevisionById'; pageByPath: 'getPageInRevisionByPath' },
  placeOf: (ctx: HandlerContext<ContentParams>) => ContentPlace,
): Operation[] {
  const pageRead = (operationId: typeof names.pageById | typeof names.pageByPath, find: (place: ContentPlace, params: PageParams) => PageEntry) =>
    officialOp(operationId, {
      query: 'content/page-query',
      response: 'content/page',
      handle: (ctx) => {
        const place = placeOf(ctx);
        return presentPage(place, find(place, ctx.params), ctx.query);
      },
    });
  return [
    officialOp(names.revision, {
      query: 'content/content-query',
      response: 'content/revision',
      handle: (ctx) => presentRevision(ctx, placeOf(ctx), ctx.query),
    }),
    pageRead(names.pageById, (place, params) => requirePage(place, params.pageId ?? '')),
    pageRead(names.pageByPath, (place, params) => pageAtPath(place, params.pagePath ?? '')),
  ];
}

const [currentRevision, ...livePages] = placeReads({ revision: 'getCurrentRevision', pageById: 'getPageById', pageByPath: 'getPageByPath' }, liveContent);

export const spaceContentOperations: Operation[] = [
  currentRevision,
  officialOp('listPages', {
    query: 'content/content-query',
    response: 'content/pages-result',
    handle: (ctx) => ({ pages: presentPages(liveContent(ctx), ctx.query) }),
  }),
  ...livePages,
  ...placeReads({ revision: 'getRevisionById', pageById: 'getPageInRevisionById', pageByPath: 'getPageInRevisionByPath' }, revisionContent),
];
