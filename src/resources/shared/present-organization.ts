/** The Organization object, derived from the record and the caller's role. */
import { can } from '../../auth/roles.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import type { OrganizationRecord } from '../../store/records.ts';
import { orgRole } from './access.ts';
import { apiUrl, appUrl } from './present.ts';

/** Whether the user owns at least one team of the organization. */
export function ownsTeam(ctx: HandlerContext, organizationId: string, userId: string): boolean {
  return ctx.db.teamMembers.by('user', userId).some((tm) => tm.organization === organizationId && tm.role === 'owner');
}

export function presentOrganization(ctx: HandlerContext, org: OrganizationRecord) {
  const role = orgRole(ctx.db, org.id, ctx.user.id);
  const admin = can(role, 'admin');
  return {
    object: 'organization' as const,
    id: org.id,
    title: org.title,
    createdAt: org.createdAt,
    emailDomains: org.emailDomains,
    ...(org.hostname && { hostname: org.hostname }),
    type: org.type,
    ...(org.useCase && { useCase: org.useCase }),
    ...(org.communityType && { communityType: org.communityType }),
    defaultRole: org.defaultRole,
    ...(org.defaultContent && { defaultContent: org.defaultContent }),
    sso: org.sso,
    ai: org.ai,
    inviteLinks: org.inviteLinks,
    plan: org.plan,
    ...(org.customHostname && { customHostname: org.customHostname }),
    mergeRules: org.mergeRules ?? { type: 'none' as const },
    trial: { status: 'notapplicable' as const, count: 0 },
    urls: {
      location: apiUrl(ctx, `/orgs/${org.id}`),
      app: appUrl(`/o/${org.id}/`),
      ...(org.logo && { logo: org.logo }),
    },
    permissions: {
      view: role !== undefined,
      access: role !== undefined,
      admin,
      ownTeam: role !== undefined && ownsTeam(ctx, org.id, ctx.user.id),
      createContent: can(role, 'createContent'),
      createOpenAPISpec: admin,
      ingestConversations: admin,
      viewBilling: admin,
      listMembers: can(role, 'view'),
      listTeams: can(role, 'view'),
      listIntegrations: admin,
      listInstallations: admin,
      installIntegration: admin,
    },
  };
}
