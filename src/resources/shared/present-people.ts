/**
 * Members, teams and team memberships, derived from records. Counts are computed from
 * the same queries as the lists they count, so a count always matches its list.
 */
import type { HandlerContext } from '../../contract/operation.ts';
import { can, type Role } from '../../auth/roles.ts';
import type { MemberRecord, SpaceRecord, TeamMemberRecord, TeamRecord } from '../../store/records.ts';
import { canManageTeamMembers } from '../../rules/team-membership.ts';
import { roleOnSpace } from './access.ts';
import { derived } from '../../cache/caches.ts';
import type { Tables } from '../../store/store.ts';
import { presentUserById } from './present.ts';
import { callerRole } from './org-lookup.ts';

/** The spaces of an organization that someone with `role` there reaches, with their role on each (deleted spaces left out). */
function spacesReached(db: Tables, organization: string, role: Role | null, disabled: boolean): { space: SpaceRecord; role: Role }[] {
  const out: { space: SpaceRecord; role: Role }[] = [];
  if (disabled) return out;
  for (const space of db.spaces.by('organization', organization)) {
    if (space.deletedAt) continue;
    const reached = roleOnSpace(role, space);
    if (reached) out.push({ space, role: reached });
  }
  return out;
}

/** The spaces a member can access, with their role on each (deleted spaces left out). */
export function spacesOfMember(ctx: HandlerContext, member: MemberRecord): { space: SpaceRecord; role: Role }[] {
  return spacesReached(ctx.db, member.organization, member.role, member.disabled);
}

/** The team memberships of a user in one organization, in insertion order. */
export function teamsOfMember(ctx: HandlerContext, organizationId: string, userId: string): TeamMemberRecord[] {
  return ctx.db.teamMembers.by('user', userId).filter((tm) => tm.organization === organizationId);
}

/**
 * How many spaces a member reaches depends on their organization, role and whether they
 * are disabled, and member lists repeat the same few kinds: counted once per kind until
 * the spaces change (cache/caches.ts).
 */
const spaceCount = derived('spaces a member reaches', (db, organization: string, role: Role | null, disabled: boolean) => spacesReached(db, organization, role, disabled).length);

export function presentMember(ctx: HandlerContext, member: MemberRecord) {
  return {
    object: 'member' as const,
    id: member.user,
    role: member.role,
    user: presentUserById(ctx, member.user),
    disabled: member.disabled,
    joinedAt: member.joinedAt,
    ...(member.lastSeenAt && { lastSeenAt: member.lastSeenAt }),
    sso: member.sso,
    spaces: spaceCount(ctx, member.organization, member.role, member.disabled),
    teams: teamsOfMember(ctx, member.organization, member.user).length,
    sites: member.role && !member.disabled ? ctx.db.sites.countBy('organization', member.organization) : 0,
  };
}

/** The caller's role in a team, if they are in it. */
export function teamRoleOf(ctx: HandlerContext, teamId: string, userId: string): 'owner' | 'member' | undefined {
  return ctx.db.teamMembers.get(`${teamId}:${userId}`)?.role;
}

/** Whether the caller may change the team's members (admins, and the team's owners). */
export function callerManagesTeam(ctx: HandlerContext, team: TeamRecord): boolean {
  const role = callerRole(ctx, team.organization);
  if (role === undefined) return false;
  return canManageTeamMembers(role === 'admin', teamRoleOf(ctx, team.id, ctx.user.id));
}

/** How many spaces the team has access to: by a grant on the space or on its collection (spaces in the trash left out). */
function teamSpaceCount(ctx: HandlerContext, team: TeamRecord): number {
  const granted = new Set(ctx.db.spacePermissions.by('team', team.id).map((g) => g.parent));
  const collections = new Set(ctx.db.collectionPermissions.by('team', team.id).map((g) => g.parent));
  return ctx.db.spaces.by('organization', team.organization).filter((s) => !s.deletedAt && (granted.has(s.id) || (s.parent !== undefined && collections.has(s.parent)))).length;
}

export function presentTeam(ctx: HandlerContext, team: TeamRecord) {
  const role = callerRole(ctx, team.organization);
  return {
    object: 'team' as const,
    id: team.id,
    title: team.title,
    members: ctx.db.teamMembers.countBy('team', team.id),
    spaces: teamSpaceCount(ctx, team),
    createdAt: team.createdAt,
    permissions: { admin: callerManagesTeam(ctx, team), view: can(role, 'view') },
  };
}

export function presentTeamMembership(ctx: HandlerContext, tm: TeamMemberRecord) {
  // A team membership outlives no organization membership (removal cleans both), but an
  // imported state may hold one: it is then shown as a guest.
  const member: MemberRecord = ctx.db.members.get(`${tm.organization}:${tm.user}`) ?? {
    id: `${tm.organization}:${tm.user}`,
    organization: tm.organization,
    user: tm.user,
    role: null,
    joinedAt: tm.joinedAt,
    sso: false,
    disabled: true,
  };
  return {
    organization: presentMember(ctx, member),
    team: { role: tm.role },
    permissions: { view: can(callerRole(ctx, tm.organization), 'view') },
  };
}

