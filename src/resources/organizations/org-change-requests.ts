/**
 * GET /v1/orgs/{organizationId}/change-requests (official listChangeRequestsForOrganization):
 * the change requests of every space of the organization the caller can see (deleted spaces
 * left out), newest first by `orderBy`, with the filters of the space list plus `space` and
 * `site` (the spaces a site publishes). This mock has no site topics or style-guide runs, so
 * a `topic` or `styleguideRun` filter matches nothing and `finding` changes nothing.
 */
import { type Operation } from '../../contract/operation.ts';
import { arrayView, paginate } from '../../contract/paginate.ts';
import type { ChangeRequestRecord } from '../../store/records.ts';
import { spaceRole } from '../shared/access.ts';
import { isContributor } from '../shared/revisions.ts';
import { presentChangeRequest } from '../shared/present-change-request.ts';
import { requireOrgReader } from '../shared/org-lookup.ts';
import { officialOp } from '../engine/operations.ts';

export const orgChangeRequestOperations: Operation[] = [
  officialOp('listChangeRequestsForOrganization', {
    query: 'change-requests/org-list-query',
    response: 'change-requests/change-request-list',
    handle: (ctx) => {
      const org = requireOrgReader(ctx, ctx.params.organizationId);
      const q = ctx.query;
      const { changeRequests, requestedReviewers, siteSpaces, spaces } = ctx.db;
      const siteSpaceIds = q.site === undefined ? undefined : new Set(siteSpaces.by('site', q.site).map((s) => s.space));
      const visibleSpaces = spaces
        .by('organization', org.id)
        .filter((s) => !s.deletedAt && spaceRole(ctx.db, s, ctx.user.id) !== null)
        .filter((s) => (q.space === undefined || s.id === q.space) && (siteSpaceIds === undefined || siteSpaceIds.has(s.id)));
      const keep = (cr: ChangeRequestRecord) =>
        q.status.includes(cr.status) &&
        q.topic === undefined &&
        q.styleguideRun === undefined &&
        (q.creator === undefined || cr.createdBy === q.creator) &&
        (q.contributor === undefined || isContributor(cr, q.contributor)) &&
        (q.requestedReviewer === undefined || requestedReviewers.has(`${cr.id}:${q.requestedReviewer}`));
      const seq = (cr: ChangeRequestRecord) => changeRequests.seqOf(cr.id) ?? 0;
      const rows = visibleSpaces
        .flatMap((s) => changeRequests.by('space', s.id))
        .filter(keep)
        .sort((a, b) => b[q.orderBy].localeCompare(a[q.orderBy]) || seq(b) - seq(a));
      return paginate(arrayView(rows), { ...q, order: undefined }, (cr) => presentChangeRequest(ctx, cr));
    },
  }),
];
