/**
 * GET /v1/spaces/{spaceId}/search (official searchSpaceContent): the organization search
 * (shared/search.ts) over one space's live content, as ranked pages with their
 * matching sections, paged. Anyone who may view the space may search it.
 */
import { op, type Operation } from '../../contract/operation.ts';
import { arrayView, paginate } from '../../contract/paginate.ts';
import { presentPageHits, searchSpace } from '../shared/search.ts';
import { queryTerms } from '../shared/search-text.ts';
import { requireSpace } from '../shared/access.ts';

export const spaceSearchOperations: Operation[] = [
  op({
    operationId: 'searchSpaceContent',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/search',
    status: 200,
    query: 'spaces/search-query',
    response: 'spaces/search-result-list',
    official: true,
    handle: (ctx) => {
      const { space } = requireSpace(ctx, ctx.params.spaceId, 'view');
      const hits = presentPageHits(space, searchSpace(ctx, space, queryTerms(ctx.query.query)));
      return paginate(arrayView(hits), ctx.query, (hit) => hit);
    },
  }),
];
