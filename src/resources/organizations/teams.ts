/** Teams of an organization (document 002). Team members are in team-members.ts. */
import { type Operation } from '../../contract/operation.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { paginate } from '../../contract/paginate.ts';
import { membership } from '../shared/access.ts';
import { requireOrgAdmin, requireOrgReader, requireTeam, resolveMembers } from '../shared/org-lookup.ts';
import { presentTeam, teamRoleOf } from '../shared/present-people.ts';
import { officialOp } from '../engine/operations.ts';

export const teamOperations: Operation[] = [
  officialOp('listTeamsInOrganizationById', {
    query: 'organizations/team-list-query',
    response: 'organizations/team-list',
    handle: (ctx) => {
      const org = requireOrgReader(ctx, ctx.params.organizationId);
      const { owner, title } = ctx.query;
      const needle = title?.toLowerCase();
      // `owner`: a member id; an admin manages every team, anyone else the teams they own.
      const ownerMember = owner === undefined ? undefined : membership(ctx.db, org.id, owner);
      const ownerIsAdmin = ownerMember?.role === 'admin' && !ownerMember.disabled;
      return paginate(ctx.db.teams.viewBy('organization', org.id), ctx.query, (t) => presentTeam(ctx, t), (t) => {
        if (needle && !t.title.toLowerCase().includes(needle)) return false;
        if (owner !== undefined) {
          if (!ownerMember || ownerMember.disabled) return false;
          if (!ownerIsAdmin && teamRoleOf(ctx, t.id, owner) !== 'owner') return false;
        }
        return true;
      });
    },
  }),
  officialOp('createOrganizationTeam', {
    body: 'organizations/team-create',
    response: 'organizations/team',
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, 'create teams');
      const users = [...new Set(resolveMembers(ctx, org, ctx.body.members ?? [], 'members'))];
      const team = ctx.db.teams.insert({ id: ctx.ids.next('team'), organization: org.id, title: ctx.body.title, createdAt: ctx.now });
      for (const user of users) {
        ctx.db.teamMembers.insert({ id: `${team.id}:${user}`, team: team.id, organization: org.id, user, role: 'member', joinedAt: ctx.now });
      }
      return presentTeam(ctx, team);
    },
  }),
  officialOp('getTeamInOrganizationById', {
    response: 'organizations/team',
    handle: (ctx) => {
      const org = requireOrgReader(ctx, ctx.params.organizationId);
      return presentTeam(ctx, requireTeam(ctx, org, ctx.params.teamId));
    },
  }),
  officialOp('removeTeamFromOrganizationById', {
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, 'delete teams');
      const team = requireTeam(ctx, org, ctx.params.teamId);
      // Its memberships and grants go with it; a SAML provider's default team is cleared.
      removeWithDependents(ctx.db, 'teams', team.id);
    },
  }),
  officialOp('updateTeamInOrganizationById', {
    body: 'organizations/team-update',
    response: 'organizations/team',
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, 'rename teams');
      const team = requireTeam(ctx, org, ctx.params.teamId);
      return presentTeam(ctx, ctx.db.teams.update(team.id, { title: ctx.body.title }));
    },
  }),
];
