/**
 * Page meta links (listSpacePageMetaLinks, listRevisionPageMetaLinks,
 * listChangeRequestPageMetaLinks): a page's canonical link and its alternates, the only page
 * links GitBook's renderer reads (it turns them into <link rel="canonical"> and hreflang
 * alternates). Readable by whoever may read the content they belong to.
 */
import { op, type HandlerContext, type Operation } from '../../contract/operation.ts';
import { changeRequestContent, liveContent, requirePage, revisionContent } from '../shared/content.ts';
import { presentMetaLinks, type ContentPlace } from '../shared/content-present.ts';

type Params = { spaceId: string; pageId: string; revisionId?: string; changeRequestId?: string };

function metaLinksRead(operationId: string, path: `${typeof S}/${'content' | 'revisions/{revisionId}' | 'change-requests/{changeRequestId}/content'}/page/{pageId}/meta-links`, placeOf: (ctx: HandlerContext<Params>) => ContentPlace): Operation {
  return op({
    operationId,
    method: 'GET',
    path,
    status: 200,
    response: 'content/page-meta-links',
    official: true,
    handle: (ctx) => {
      const place = placeOf(ctx);
      return presentMetaLinks(requirePage(place, ctx.params.pageId).page);
    },
  });
}

const S = '/v1/spaces/{spaceId}';

export const metaLinkOperations: Operation[] = [
  metaLinksRead('listSpacePageMetaLinks', `${S}/content/page/{pageId}/meta-links`, liveContent),
  metaLinksRead('listRevisionPageMetaLinks', `${S}/revisions/{revisionId}/page/{pageId}/meta-links`, revisionContent),
  metaLinksRead(
    'listChangeRequestPageMetaLinks',
    `${S}/change-requests/{changeRequestId}/content/page/{pageId}/meta-links`,
    (ctx) => changeRequestContent(ctx as Parameters<typeof changeRequestContent>[0]),
  ),
];
