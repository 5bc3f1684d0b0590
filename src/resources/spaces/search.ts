/**
 * GET /v1/spaces/{spaceId}/search (official searchSpaceContent): the organization search
 * (shared/search.ts) over one space's live content, as ranked pages with their
 * matching sections, paged. Anyone who may view the space may search it.
 */
import { type Operation } from '../../contract/operation.ts';
import { arrayView, paginate } from '../../contract/paginate.ts';
import { presentPageHits, searchSpace } from '../shared/search.ts';
import { queryTerms } from '../shared/search-text.ts';
import { requireSpace } from '../shared/access.ts';
import { officialOp } from '../engine/operations.ts';

export const spaceSearchOperations: Operation[] = [
  officialOp('searchSpaceContent', {
    query: 'spaces/search-query',
    response: 'spaces/search-result-list',
    handle: (ctx) => {
      const { space } = requireSpace(ctx, ctx.params.spaceId, 'view');
      const hits = presentPageHits(space, searchSpace(ctx, space, queryTerms(ctx.query.query)));
      return paginate(arrayView(hits), ctx.query, (hit) => hit);
    },
  }),
];
