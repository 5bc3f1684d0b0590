/** Organizations (document 002). */
import { op, type Operation } from '../../http/operation.ts';
import { paginate, type PageRequest } from '../../http/paginate.ts';
import { requireOrg } from '../shared/access.ts';
import { presentOrganization } from './present.ts';

export const organizationOperations: Operation[] = [
  op<Record<string, never>, PageRequest>({
    operationId: 'listOrganizationsForAuthenticatedUser',
    method: 'GET',
    path: '/v1/orgs',
    status: 200,
    query: 'common/pagination-query',
    response: 'organizations/organization-list',
    handle: (ctx) => {
      const { members, organizations } = ctx.rt.db;
      return paginate(members.viewBy('user', ctx.user.id), ctx.query, (m) =>
        presentOrganization(ctx, organizations.get(m.organization)!),
      (m) => !m.disabled);
    },
  }),
  op<{ organizationId: string }>({
    operationId: 'getOrganizationById',
    method: 'GET',
    path: '/v1/orgs/{organizationId}',
    status: 200,
    response: 'organizations/organization',
    handle: (ctx) => presentOrganization(ctx, requireOrg(ctx, ctx.params.organizationId)),
  }),
];
