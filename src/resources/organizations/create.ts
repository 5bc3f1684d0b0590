/**
 * Creating an organization (`POST /v1/orgs`): the caller becomes its admin member, so it shows
 * in their `GET /v1/orgs` and answers `GET /v1/orgs/{id}`. With `withDefaultSite` it also gets a
 * site of its own title on a new, empty space, as GitBook's onboarding makes one.
 */
import { reply, type HandlerContext, type Operation } from '../../contract/operation.ts';
import type { OrganizationRecord } from '../../store/records.ts';
import { apiUrl } from '../shared/present.ts';
import { createBlankSpace } from '../shared/create-space.ts';
import { insertSiteSpace } from '../shared/site-space-writes.ts';
import { presentOrganization } from '../shared/present-organization.ts';
import { officialOp } from '../engine/operations.ts';

/** A new organization with `user` as its only (admin) member; what a scenario leaves unset, as the scenario step sets it. */
export function createOrganization(ctx: HandlerContext, title: string, emailDomains: string[] = []): OrganizationRecord {
  const org = ctx.db.organizations.insert({
    id: ctx.ids.next('organization'),
    title,
    emailDomains: [...new Set(emailDomains.map((d) => d.toLowerCase()))],
    type: 'business',
    plan: 'free_2024',
    defaultRole: 'read',
    defaultContent: null,
    sso: false,
    ai: true,
    inviteLinks: true,
    createdAt: ctx.now,
  });
  ctx.db.members.insert({
    id: `${org.id}:${ctx.user.id}`,
    organization: org.id,
    user: ctx.user.id,
    role: 'admin',
    joinedAt: ctx.now,
    sso: false,
    disabled: false,
  });
  return org;
}

/** The organization's first site: its title, one new empty space, not published yet. */
function createDefaultSite(ctx: HandlerContext, org: OrganizationRecord): void {
  const site = ctx.db.sites.insert({
    id: ctx.ids.next('site'),
    organization: org.id,
    title: org.title.slice(0, 50),
    type: 'basic',
    visibility: 'public',
    published: false,
    agentsContext: 'included',
    adaptiveContent: { enabled: false },
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  insertSiteSpace(ctx, site, createBlankSpace(ctx, org, org.title), undefined);
  ctx.db.organizations.update(org.id, { defaultContent: { type: 'site', site: site.id } });
}

export const createOrganizationOperations: Operation[] = [
  officialOp('createOrganization', {
    handle: (ctx) => {
      let org = createOrganization(ctx, ctx.body.title, ctx.body.emailDomains);
      if (ctx.query.withDefaultSite) {
        createDefaultSite(ctx, org);
        org = ctx.db.organizations.existing(org.id);
      }
      return reply(presentOrganization(ctx, org), { headers: { Location: apiUrl(ctx, `/orgs/${org.id}`) } });
    },
  }),
];
