/**
 * Page meta links (listSpacePageMetaLinks, listRevisionPageMetaLinks,
 * listChangeRequestPageMetaLinks): a page's canonical link and its alternates, the only page
 * links GitBook's renderer reads (it turns them into <link rel="canonical"> and hreflang
 * alternates). Readable by whoever may read the content they belong to.
 */
import type { HandlerContext, Operation } from '../../contract/operation.ts';
import { officialOp } from '../engine/operations.ts';
import { changeRequestContent, liveContent, requirePage, revisionContent } from '../shared/content.ts';
import { presentMetaLinks, type ContentPlace } from '../shared/content-present.ts';

type Params = { spaceId: string; pageId: string; revisionId?: string; changeRequestId?: string };

function metaLinksRead(
  operationId: 'listSpacePageMetaLinks' | 'listRevisionPageMetaLinks' | 'listChangeRequestPageMetaLinks',
  placeOf: (ctx: HandlerContext<Params>) => ContentPlace,
): Operation {
  return officialOp(operationId, {
    response: 'content/page-meta-links',
    handle: (ctx) => {
      const place = placeOf(ctx);
      return presentMetaLinks(requirePage(place, ctx.params.pageId).page);
    },
  });
}

export const metaLinkOperations: Operation[] = [
  metaLinksRead('listSpacePageMetaLinks', liveContent),
  metaLinksRead('listRevisionPageMetaLinks', revisionContent),
  metaLinksRead('listChangeRequestPageMetaLinks', (ctx) => changeRequestContent(ctx as Parameters<typeof changeRequestContent>[0])),
];
