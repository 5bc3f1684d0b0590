/**
 * A space's live content (its primary revision, which a merged change request or a Git import
 * replaces) and any revision of the space by id: the reads GitBook's renderer and the GitHub
 * integration make. Anyone who may view the space may read them.
 */
import { op, type HandlerContext, type Operation } from '../../contract/operation.ts';
import type { PageEntry } from '../shared/page-tree.ts';
import { liveContent, pageAtPath, requirePage, revisionContent, type ContentParams } from '../shared/content.ts';
import { presentPage, presentPages, presentRevision, type ContentPlace } from '../shared/content-present.ts';

const S = '/v1/spaces/{spaceId}';

type PageParams = { spaceId: string; pageId?: string; pagePath?: string; revisionId?: string };

/**
 * The three reads of one place (the live content under `/content`, or a revision under
 * `/revisions/{revisionId}`): the revision itself, a page by id, a page by path.
 */
function placeReads(
  prefix: '/v1/spaces/{spaceId}/content' | '/v1/spaces/{spaceId}/revisions/{revisionId}',
  names: { revision: string; pageById: string; pageByPath: string },
  placeOf: (ctx: HandlerContext<ContentParams>) => ContentPlace,
): Operation[] {
  const pageRead = (operationId: string, path: '/page/{pageId}' | '/path/{pagePath}', find: (place: ContentPlace, params: PageParams) => PageEntry) =>
    op({
      operationId,
      method: 'GET',
      path: `${prefix}${path}`,
      status: 200,
      query: 'content/page-query',
      response: 'content/page',
      official: true,
      handle: (ctx) => {
        const place = placeOf(ctx);
        return presentPage(place, find(place, ctx.params), ctx.query);
      },
    });
  return [
    op({
      operationId: names.revision,
      method: 'GET',
      path: prefix,
      status: 200,
      query: 'content/content-query',
      response: 'content/revision',
      official: true,
      handle: (ctx) => presentRevision(ctx, placeOf(ctx), ctx.query),
    }),
    pageRead(names.pageById, '/page/{pageId}', (place, params) => requirePage(place, params.pageId ?? '')),
    pageRead(names.pageByPath, '/path/{pagePath}', (place, params) => pageAtPath(place, params.pagePath ?? '')),
  ];
}

const [currentRevision, ...livePages] = placeReads(
  `${S}/content`,
  { revision: 'getCurrentRevision', pageById: 'getPageById', pageByPath: 'getPageByPath' },
  liveContent,
);

export const spaceContentOperations: Operation[] = [
  currentRevision,
  op({
    operationId: 'listPages',
    method: 'GET',
    path: `${S}/content/pages`,
    status: 200,
    query: 'content/content-query',
    response: 'content/pages-result',
    official: true,
    handle: (ctx) => ({ pages: presentPages(liveContent(ctx), ctx.query) }),
  }),
  ...livePages,
  ...placeReads(
    `${S}/revisions/{revisionId}`,
    { revision: 'getRevisionById', pageById: 'getPageInRevisionById', pageByPath: 'getPageInRevisionByPath' },
    revisionContent,
  ),
];
