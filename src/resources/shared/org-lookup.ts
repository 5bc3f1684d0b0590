/**
 * Lookups private to the organizations group: each finds one entity of an organization
 * or throws the catalogue's 404, and `requireOrgAdmin` / `requireOrgReader` state the
 * role rule once: reading needs a role (guests only see the organization itself),
 * changing needs admin.
 */
import type { Role } from '../../auth/roles.ts';
import { errors } from '../../contract/errors.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import type {
  InviteLinkRecord,
  MemberRecord,
  OpenApiSpecRecord,
  OrganizationRecord,
  SamlProviderRecord,
  TeamRecord,
  TranslationRecord,
  UserRecord,
} from '../../store/records.ts';
import { membership, orgRole, requireOrg } from './access.ts';
import { findOrThrow } from './find.ts';

/** Membership of the organization (guests included), then a role (guests are refused). */
export function requireOrgReader(ctx: HandlerContext, organizationId: string): OrganizationRecord {
  return requireOrg(ctx, organizationId, 'view', 'read this organization (guests only see the organization itself)');
}

export function requireOrgAdmin(ctx: HandlerContext, organizationId: string, action: string): OrganizationRecord {
  return requireOrg(ctx, organizationId, 'admin', action);
}

export function callerRole(ctx: HandlerContext, organizationId: string): Role | null | undefined {
  return orgRole(ctx.db, organizationId, ctx.user.id);
}

/** An active member of the organization, by user id; 404 otherwise. */
export function requireMember(ctx: HandlerContext, org: OrganizationRecord, userId: string): MemberRecord {
  const member = membership(ctx.db, org.id, userId);
  if (!member) throw errors.notFound('Member', userId);
  return member;
}

/** The user named by an id or an e-mail (case-insensitive), if any. */
export function findUser(ctx: HandlerContext, ref: string): UserRecord | undefined {
  const { users } = ctx.db;
  const byId = users.get(ref);
  if (byId) return byId;
  const id = users.idsBy('email', ref.toLowerCase())[0];
  return id ? users.get(id) : undefined;
}

/**
 * Resolves user ids or e-mails to ids of members of the organization. Every entry that is
 * not a member is reported in one 400 naming `field`, so nothing changes.
 */
export function resolveMembers(ctx: HandlerContext, org: OrganizationRecord, refs: readonly string[], field: string): string[] {
  const unknown: string[] = [];
  const ids: string[] = [];
  for (const ref of refs) {
    const user = findUser(ctx, ref);
    if (user && membership(ctx.db, org.id, user.id)) ids.push(user.id);
    else unknown.push(ref);
  }
  if (unknown.length > 0) {
    throw errors.unknownReference(unknown, `Invalid body: ${field} names users who are not members of the organization: ${unknown.map((u) => JSON.stringify(u)).join(', ')}`);
  }
  return ids;
}

export function adminCount(ctx: HandlerContext, organizationId: string): number {
  return ctx.db.members.by('organization', organizationId).filter((m) => m.role === 'admin' && !m.disabled).length;
}

/** Whether a row belongs to the organization (for findOrThrow). */
function inOrg(org: OrganizationRecord) {
  return (row: { organization: string }) => row.organization === org.id;
}

export function requireTeam(ctx: HandlerContext, org: OrganizationRecord, teamId: string): TeamRecord {
  return findOrThrow(ctx.db.teams, teamId, 'Team', inOrg(org));
}

export function requireSamlProvider(ctx: HandlerContext, org: OrganizationRecord, id: string): SamlProviderRecord {
  return findOrThrow(ctx.db.samlProviders, id, 'SAML provider', inOrg(org));
}

export function findSpec(ctx: HandlerContext, org: OrganizationRecord, slug: string): OpenApiSpecRecord | undefined {
  const id = ctx.db.openapiSpecs.idsBy('slug', `${org.id}:${slug}`)[0];
  return id ? ctx.db.openapiSpecs.get(id) : undefined;
}

export function requireSpec(ctx: HandlerContext, org: OrganizationRecord, slug: string): OpenApiSpecRecord {
  const spec = findSpec(ctx, org, slug);
  if (!spec) throw errors.notFound('OpenAPI spec', slug);
  return spec;
}

export function requireTranslation(ctx: HandlerContext, org: OrganizationRecord, id: string): TranslationRecord {
  return findOrThrow(ctx.db.translations, id, 'Translation settings', inOrg(org));
}

export function requireInviteLink(ctx: HandlerContext, org: OrganizationRecord, id: string): InviteLinkRecord {
  return findOrThrow(ctx.db.inviteLinks, id, 'Invite link', inOrg(org));
}
