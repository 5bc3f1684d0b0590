/** Organization members (document 002). */
import type { Role } from '../../auth/roles.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { errors } from '../../contract/errors.ts';
import { type Operation, type HandlerContext } from '../../contract/operation.ts';
import { arrayView, paginate, type PageRequest } from '../../contract/paginate.ts';
import type { MemberRecord, UserRecord } from '../../store/records.ts';
import type { Tables } from '../../store/store.ts';
import { derived } from '../../cache/caches.ts';
import { decideRemoval, decideRoleChange, MEMBER_ROLE_MACHINE, type MemberDecision } from '../../rules/member-role.ts';
import { requireOrg } from '../shared/access.ts';
import { presentSpace } from '../shared/present-space.ts';
import { adminCount, callerRole, requireMember, requireOrgAdmin, requireOrgReader } from '../shared/org-lookup.ts';
import { presentMember, presentTeam, spacesOfMember, teamsOfMember } from '../shared/present-people.ts';
import { signVisitorClaims, visitorClaimsSecret } from './visitor-claims.ts';
import { decided } from '../shared/decided.ts';
import { known } from '../shared/find.ts';
import { officialOp } from '../engine/operations.ts';

interface MemberListQuery extends PageRequest {
  role?: Role | 'guest';
  search?: string;
  sort: 'joinedAt' | 'lastSeenAt' | 'name';
}

function enforce(ctx: HandlerContext, decision: MemberDecision): void {
  // 409 is the last admin staying an admin: the state machine's one refusal.
  if (!decision.ok && decision.status === 409) ctx.coverage.refused(MEMBER_ROLE_MACHINE, 'admin');
  decided(decision);
}

/** The lower-case text a member search matches (kept in the roster, below). */
function searchText(user: UserRecord): string {
  return `${user.displayName}\n${user.email}`.toLowerCase();
}

interface RosterEntry {
  member: MemberRecord;
  /** The lower-case display name and e-mail that `search` matches. */
  text: string;
}

/**
 * An organization's members with their search text, sorted by each key asked for: worked
 * out once, and again only after a table it read (members, users) changes (cache/caches.ts),
 * so a list request does not look up and sort every member of a large organization.
 */
const sortedRoster = derived('member roster', (db, organizationId: string, sort: MemberListQuery['sort']): RosterEntry[] => {
  const texts = new Map<MemberRecord, string>();
  for (const m of db.members.by('organization', organizationId)) {
    const user = db.users.get(m.user);
    texts.set(m, user ? searchText(user) : '');
  }
  return sortMembers(db, [...texts.keys()], sort).map((member) => ({ member, text: texts.get(member) ?? '' }));
});

/** The members sorted ascending by the requested key (ties keep joining order). */
function sortMembers(db: Tables, rows: MemberRecord[], sort: MemberListQuery['sort']): MemberRecord[] {
  const key = (m: MemberRecord): string =>
    sort === 'name' ? (db.users.get(m.user)?.displayName ?? '').toLowerCase() : sort === 'lastSeenAt' ? m.lastSeenAt ?? '' : m.joinedAt;
  return rows.map((m, i) => ({ m, i, k: key(m) })).sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.i - b.i)).map((x) => x.m);
}

export const memberOperations: Operation[] = [
  officialOp('listMembersInOrganizationById', {
    query: 'organizations/member-list-query',
    response: 'organizations/member-list',
    handle: (ctx) => {
      const org = requireOrgReader(ctx, ctx.params.organizationId);
      const { role, search, sort } = ctx.query;
      const needle = search?.toLowerCase();
      const keep = (entry: RosterEntry) => {
        const m = entry.member;
        if (role !== undefined && m.role !== (role === 'guest' ? null : role)) return false;
        if (sort === 'lastSeenAt' && !m.lastSeenAt) return false;
        return !needle || entry.text.includes(needle);
      };
      const rows = sortedRoster(ctx, org.id, sort).filter(keep).map((entry) => entry.member);
      return paginate(arrayView(rows), ctx.query, (m) => presentMember(ctx, m), undefined, 'desc');
    },
  }),
  officialOp('getMemberInOrganizationById', {
    response: 'organizations/member',
    handle: (ctx) => {
      const org = requireOrgReader(ctx, ctx.params.organizationId);
      return presentMember(ctx, requireMember(ctx, org, ctx.params.userId));
    },
  }),
  officialOp('removeMemberFromOrganizationById', {
    status: 204,
    handle: (ctx) => {
      const org = requireOrg(ctx, ctx.params.organizationId);
      const member = requireMember(ctx, org, ctx.params.userId);
      enforce(ctx, decideRemoval(member, ctx.user.id, callerRole(ctx, org.id) ?? null, adminCount(ctx, org.id)));
      ctx.coverage.transition(MEMBER_ROLE_MACHINE, member.role ?? 'guest', 'none');
      for (const tm of teamsOfMember(ctx, org.id, member.user)) removeWithDependents(ctx.db, 'teamMembers', tm.id);
      removeWithDependents(ctx.db, 'members', member.id);
    },
  }),
  officialOp('updateMemberInOrganizationById', {
    body: 'organizations/member-update',
    response: 'organizations/member',
    handle: (ctx) => {
      const org = requireOrg(ctx, ctx.params.organizationId);
      const member = requireMember(ctx, org, ctx.params.userId);
      // The official body makes `role` optional: without it the member stays as it is (an admin's call all the same).
      const role = ctx.body.role === undefined ? member.role : ctx.body.role;
      enforce(ctx, decideRoleChange(member, role, callerRole(ctx, org.id) ?? null, adminCount(ctx, org.id)));
      if (member.role === role) return presentMember(ctx, member);
      ctx.coverage.transition(MEMBER_ROLE_MACHINE, member.role ?? 'guest', role ?? 'guest');
      return presentMember(ctx, ctx.db.members.update(member.id, { role }));
    },
  }),
  officialOp('setUserAsSSOMemberForOrganization', {
    body: 'common/empty-body',
    response: 'organizations/member',
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, 'make a member an SSO member');
      const member = requireMember(ctx, org, ctx.params.userId);
      return presentMember(ctx, ctx.db.members.update(member.id, { sso: true }));
    },
  }),
  officialOp('listSpacesForOrganizationMember', {
    query: 'organizations/member-spaces-query',
    response: 'organizations/member-space-list',
    handle: (ctx) => {
      const org = requireOrgReader(ctx, ctx.params.organizationId);
      const member = requireMember(ctx, org, ctx.params.userId);
      const spaces = spacesOfMember(ctx, member);
      const view = ctx.db.spaces.viewOf(spaces.map((s) => s.space));
      const roles = new Map(spaces.map((s) => [s.space.id, s.role]));
      return paginate(view, ctx.query, (space) => {
        const permission = known(roles, space.id, 'The role on space');
        return { permission, space: presentSpace(ctx, space, permission) };
      }, undefined, 'desc');
    },
  }),
  officialOp('listTeamsForOrganizationMember', {
    query: 'organizations/title-filter-query',
    response: 'organizations/member-team-list',
    handle: (ctx) => {
      const org = requireOrgReader(ctx, ctx.params.organizationId);
      const member = requireMember(ctx, org, ctx.params.userId);
      const needle = ctx.query.title?.toLowerCase();
      const { teams, teamMembers } = ctx.db;
      return paginate(
        teamMembers.viewOf(teamsOfMember(ctx, org.id, member.user)),
        ctx.query,
        (tm) => ({ team: presentTeam(ctx, teams.existing(tm.team)), member: { role: tm.role } }),
        needle ? (tm) => teams.existing(tm.team).title.toLowerCase().includes(needle) : undefined,
      );
    },
  }),
  officialOp('updateOrganizationMemberLastSeenAt', {
    body: 'common/empty-body',
    response: 'organizations/ping',
    handle: (ctx) => {
      const org = requireOrg(ctx, ctx.params.organizationId);
      ctx.db.members.update(`${org.id}:${ctx.user.id}`, { lastSeenAt: ctx.now });
      return { organization: org.id, user: ctx.user.id, now: ctx.now, secret: visitorClaimsSecret(ctx.seed) };
    },
    after: async (claims) => {
      const token = await signVisitorClaims(claims);
      return { serviceVisitorClaims: token, gitbookVisitorClaims: token };
    },
  }),
];
