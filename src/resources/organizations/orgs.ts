/** Organizations: list, get, update, invite links, by e-mail domain, search (document 002). */
import { errors } from '../../contract/errors.ts';
import { type Operation } from '../../contract/operation.ts';
import { arrayView, paginate } from '../../contract/paginate.ts';
import type { OrganizationRecord } from '../../store/records.ts';
import { membership, requireOrg } from '../shared/access.ts';
import { requireOrgAdmin } from '../shared/org-lookup.ts';
import { presentOrganization } from '../shared/present-organization.ts';
import { searchOrganization } from '../shared/search.ts';
import { officialOp } from '../engine/operations.ts';

export const orgOperations: Operation[] = [
  officialOp('listOrganizationsForAuthenticatedUser', {
    query: 'common/pagination-query',
    response: 'organizations/organization-list',
    handle: (ctx) => {
      const { members, organizations } = ctx.db;
      return paginate(members.viewBy('user', ctx.user.id), ctx.query, (m) =>
        presentOrganization(ctx, organizations.existing(m.organization)),
      (m) => !m.disabled);
    },
  }),
  officialOp('getOrganizationById', {
    response: 'organizations/organization',
    handle: (ctx) => presentOrganization(ctx, requireOrg(ctx, ctx.params.organizationId)),
  }),
  officialOp('updateOrganizationById', {
    body: 'organizations/organization-update',
    response: 'organizations/organization',
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, 'change the organization');
      const { logo, defaultContent, hostname, emailDomains, ...rest } = ctx.body;
      const patch: Partial<OrganizationRecord> = { ...rest };
      if (defaultContent !== undefined) {
        if (defaultContent !== null) {
          const site = ctx.db.sites.get(defaultContent.site);
          if (!site || site.organization !== org.id) {
            throw errors.invalid('body', `defaultContent.site "${defaultContent.site}" is not a site of this organization`);
          }
        }
        patch.defaultContent = defaultContent;
      }
      if (hostname !== undefined && hostname !== org.hostname) {
        if (ctx.db.organizations.find((o) => o.id !== org.id && o.hostname === hostname)) {
          throw errors.conflict(`The hostname "${hostname}" is taken by another organization`);
        }
        patch.hostname = hostname;
      }
      if (emailDomains !== undefined) patch.emailDomains = [...new Set(emailDomains.map((d) => d.toLowerCase()))];
      if (logo !== undefined) patch.logo = logo ?? undefined;
      return presentOrganization(ctx, ctx.db.organizations.update(org.id, patch));
    },
  }),
  officialOp('searchOrganizationContent', {
    query: 'organizations/search-query',
    response: 'organizations/search-result-list',
    handle: (ctx) => {
      const org = requireOrg(ctx, ctx.params.organizationId);
      return paginate(arrayView(searchOrganization(ctx, org, ctx.query.query)), ctx.query, (r) => r);
    },
  }),
  officialOp('getOrganizationsForEmailDomain', {
    response: 'organizations/email-domain-organizations',
    handle: (ctx) => {
      const domain = ctx.params.emailDomain.toLowerCase();
      const ownDomain = ctx.user.email.toLowerCase().split('@')[1] === domain;
      const organizations = ctx.db.organizations.filter(
        (o) => o.emailDomains.some((d) => d.toLowerCase() === domain) && (ownDomain || membership(ctx.db, o.id, ctx.user.id) !== undefined),
      );
      return { organizations: organizations.map((o) => presentOrganization(ctx, o)) };
    },
  }),
];
