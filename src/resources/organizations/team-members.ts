/**
 * Members of a team (document 002). Admins and the team's own owners change them; the
 * roster rules (removal wins, default role) are in rules/team-membership.ts.
 */
import { errors } from '../../contract/errors.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { type Operation, type HandlerContext } from '../../contract/operation.ts';
import { paginate } from '../../contract/paginate.ts';
import type { OrganizationRecord, TeamRecord } from '../../store/records.ts';
import {
  applyRosterUpdate,
  putRosterMember,
  removeRosterMember,
  type RosterChange,
  type TeamRole,
  type TeamRoster,
  TEAM_MEMBERSHIP_MACHINE,
} from '../../rules/team-membership.ts';
import { requireOrg } from '../shared/access.ts';
import { findUser, requireMember, requireOrgReader, requireTeam, resolveMembers } from '../shared/org-lookup.ts';
import { callerManagesTeam, presentTeamMembership } from '../shared/present-people.ts';
import { known } from '../shared/find.ts';
import { officialOp } from '../engine/operations.ts';

type TeamParams = { organizationId: string; teamId: string };

/** The organization and the team, if the caller may change the team's members (403 otherwise). */
function requireManagedTeam(ctx: HandlerContext, params: TeamParams): { org: OrganizationRecord; team: TeamRecord } {
  const org = requireOrg(ctx, params.organizationId);
  const team = requireTeam(ctx, org, params.teamId);
  if (!callerManagesTeam(ctx, team)) throw errors.forbidden("change this team's members (admins and the team's owners may)");
  return { org, team };
}

function rosterOf(ctx: HandlerContext, team: TeamRecord): TeamRoster {
  return new Map(ctx.db.teamMembers.by('team', team.id).map((tm) => [tm.user, tm.role]));
}

function save(ctx: HandlerContext, team: TeamRecord, before: TeamRoster, change: RosterChange): void {
  const { teamMembers } = ctx.db;
  const note = (user: string) => ctx.coverage.transition(TEAM_MEMBERSHIP_MACHINE, before.get(user) ?? 'none', change.roster.get(user) ?? 'none');
  [...change.removed, ...change.changed, ...change.added].forEach(note);
  for (const user of change.removed) removeWithDependents(ctx.db, 'teamMembers', `${team.id}:${user}`);
  const role = (user: string) => known(change.roster, user, 'The team role of user');
  for (const user of change.changed) teamMembers.update(`${team.id}:${user}`, { role: role(user) });
  for (const user of change.added) {
    teamMembers.insert({ id: `${team.id}:${user}`, team: team.id, organization: team.organization, user, role: role(user), joinedAt: ctx.now });
  }
}

/** A member of the organization named by id or e-mail in the path; 404 otherwise. */
function pathMember(ctx: HandlerContext, org: OrganizationRecord, ref: string): string {
  const user = findUser(ctx, ref);
  return requireMember(ctx, org, user?.id ?? ref).user;
}

export const teamMemberOperations: Operation[] = [
  officialOp('listTeamMembersInOrganizationById', {
    query: 'common/pagination-query',
    response: 'organizations/team-membership-list',
    handle: (ctx) => {
      const org = requireOrgReader(ctx, ctx.params.organizationId);
      const team = requireTeam(ctx, org, ctx.params.teamId);
      return paginate(ctx.db.teamMembers.viewBy('team', team.id), ctx.query, (tm) => presentTeamMembership(ctx, tm));
    },
  }),
  officialOp('updateMembersInOrganizationTeam', {
    body: 'organizations/team-members-update',
    handle: (ctx) => {
      const { org, team } = requireManagedTeam(ctx, ctx.params);
      const entries = Object.entries(ctx.body.memberships ?? {});
      const keys = resolveMembers(ctx, org, entries.map(([key]) => key), 'memberships');
      const memberships: Record<string, TeamRole> = {};
      keys.forEach((user, i) => (memberships[user] = entries[i][1].role));
      const before = rosterOf(ctx, team);
      const add = resolveMembers(ctx, org, ctx.body.add ?? [], 'add');
      const remove = resolveMembers(ctx, org, ctx.body.remove ?? [], 'remove');
      save(ctx, team, before, applyRosterUpdate(before, { add, remove, memberships }));
      for (const user of new Set([...add, ...keys])) {
        if (remove.includes(user)) ctx.coverage.transition(TEAM_MEMBERSHIP_MACHINE, 'added', 'removed-wins');
      }
    },
  }),
  officialOp('addMemberToOrganizationTeamById', {
    body: 'organizations/team-member-put',
    handle: (ctx) => {
      const { org, team } = requireManagedTeam(ctx, ctx.params);
      const user = pathMember(ctx, org, ctx.params.userId);
      const before = rosterOf(ctx, team);
      save(ctx, team, before, putRosterMember(before, user, ctx.body.role));
    },
  }),
  officialOp('deleteMemberFromOrganizationTeamById', {
    handle: (ctx) => {
      const { org, team } = requireManagedTeam(ctx, ctx.params);
      const user = pathMember(ctx, org, ctx.params.userId);
      const before = rosterOf(ctx, team);
      const change = removeRosterMember(before, user);
      if (!change) throw errors.notFound('Team member', ctx.params.userId);
      save(ctx, team, before, change);
    },
  }),
];
