/**
 * Space permissions: roles given on a space to users and teams (inviteToSpace), listed per
 * user, per team, and aggregated (everyone with access and their effective role). Anyone who
 * sees the space reads them; giving, changing and removing them needs the admin role on it.
 * A grant raises the organization role on that space (shared/access.ts, spaceRole).
 */
import type { Role } from '../../auth/roles.ts';
import { errors } from '../../http/errors.ts';
import { op, type HandlerContext, type Operation } from '../../http/operation.ts';
import { arrayView, paginate, type PageRequest } from '../../http/paginate.ts';
import type { SpacePermissionRecord, SpaceRecord } from '../../store/records.ts';
import { officialSchema } from '../engine/family.ts';
import { officialRoute } from '../engine/operations.ts';
import { orgRole, requireSpace, roleOnSpace } from '../shared/access.ts';
import { presentUserById } from '../shared/present.ts';
import { presentTeam } from '../organizations/present-people.ts';
import { grantedRole } from '../../rules/space-grants.ts';

type Path = { spaceId: string; userId?: string; teamId?: string };
type Kind = 'user' | 'team';

const grantId = (space: string, kind: Kind, id: string) => `${space}:${kind}:${id}`;

/** Reads and writes share the space lookup; writes need its admin role. */
const spaceOf = (ctx: HandlerContext, write = false) =>
  requireSpace(ctx, (ctx.params as Path).spaceId, write ? 'admin' : 'view', { action: 'manage who may access this space' }).space;

/** A role to store from a body's `role` (null, a guest, keeps the lowest role: read). */
const roleOf = (role: Role | null | undefined): Role => role ?? 'read';

function grant(ctx: HandlerContext, space: SpaceRecord, kind: Kind, id: string, role: Role): void {
  const key = grantId(space.id, kind, id);
  const table = ctx.db.spacePermissions;
  if (table.get(key)) table.update(key, { role, updatedAt: ctx.now });
  else table.insert({ id: key, parent: space.id, [kind]: id, role, createdAt: ctx.now } as SpacePermissionRecord);
}

function requireGrant(ctx: HandlerContext, space: SpaceRecord, kind: Kind, id: string): SpacePermissionRecord {
  const found = ctx.db.spacePermissions.get(grantId(space.id, kind, id));
  if (!found) throw errors.notFound(kind === 'user' ? 'Permission of user' : 'Permission of team', id);
  return found;
}

/** Everyone with access to the space, with their effective role, members first, then invited guests. */
function aggregate(ctx: HandlerContext, space: SpaceRecord): { user: string; role: Role }[] {
  const grants = ctx.db.spacePermissions.by('parent', space.id);
  const out: { user: string; role: Role }[] = [];
  const seen = new Set<string>();
  const add = (user: string, base: Role | null) => {
    if (seen.has(user)) return;
    seen.add(user);
    const teams = new Set(ctx.db.teamMembers.by('user', user).map((tm) => tm.team));
    const role = grantedRole(base, grants, user, teams);
    if (role) out.push({ user, role });
  };
  for (const m of ctx.db.members.by('organization', space.organization)) if (!m.disabled) add(m.user, roleOnSpace(m.role, space));
  for (const g of grants) {
    if (g.user) add(g.user, null);
    if (g.team) for (const tm of ctx.db.teamMembers.by('team', g.team)) add(tm.user, roleOnSpace(orgRole(ctx.db, space.organization, tm.user), space));
  }
  return out;
}

const route = (operationId: string) => ({ operationId, ...officialRoute(operationId), official: true });

export const spacePermissionOperations: Operation[] = [
  op<Path, unknown, { role?: Role | null; users?: string[]; teams?: string[] }>({
    ...route('inviteToSpace'),
    status: 204,
    body: officialSchema.body('inviteToSpace'),
    handle: (ctx) => {
      const space = spaceOf(ctx, true);
      const role = roleOf(ctx.body.role);
      (ctx.body.users ?? []).forEach((user, i) => {
        if (!ctx.db.users.get(user)) throw errors.badRequest(`users[${i}]: no user "${user}"`);
      });
      (ctx.body.teams ?? []).forEach((team, i) => {
        if (ctx.db.teams.get(team)?.organization !== space.organization) throw errors.badRequest(`teams[${i}]: no team "${team}" in this organization`);
      });
      for (const user of ctx.body.users ?? []) grant(ctx, space, 'user', user, role);
      for (const team of ctx.body.teams ?? []) grant(ctx, space, 'team', team, role);
    },
  }),
  op<Path, PageRequest>({
    ...route('listUserPermissionsInSpace'),
    status: 200,
    query: officialSchema.query('listUserPermissionsInSpace'),
    response: officialSchema.response('listUserPermissionsInSpace'),
    handle: (ctx) => {
      const space = spaceOf(ctx);
      return paginate(ctx.db.spacePermissions.viewBy('parent', space.id), ctx.query, (g) => ({ permission: g.role, user: presentUserById(ctx, g.user!) }), (g) => g.user !== undefined && ctx.db.users.has(g.user));
    },
  }),
  op<Path, PageRequest>({
    ...route('listTeamPermissionsInSpace'),
    status: 200,
    query: officialSchema.query('listTeamPermissionsInSpace'),
    response: officialSchema.response('listTeamPermissionsInSpace'),
    handle: (ctx) => {
      const space = spaceOf(ctx);
      return paginate(ctx.db.spacePermissions.viewBy('parent', space.id), ctx.query, (g) => ({ permission: g.role, team: presentTeam(ctx, ctx.db.teams.get(g.team!)!) }), (g) => g.team !== undefined && ctx.db.teams.has(g.team));
    },
  }),
  op<Path, PageRequest & { role?: Role }>({
    ...route('listPermissionsAggregateInSpace'),
    status: 200,
    query: officialSchema.query('listPermissionsAggregateInSpace'),
    response: officialSchema.response('listPermissionsAggregateInSpace'),
    handle: (ctx) => {
      const space = spaceOf(ctx);
      const rows = aggregate(ctx, space).filter((r) => ctx.db.users.has(r.user) && (ctx.query.role === undefined || r.role === ctx.query.role));
      return paginate(arrayView(rows), ctx.query, (r) => ({ permission: r.role, user: presentUserById(ctx, r.user) }));
    },
  }),
  ...(['user', 'team'] as const).flatMap((kind): Operation[] => {
    const Kind = kind === 'user' ? 'User' : 'Team';
    const param = (ctx: HandlerContext) => (ctx.params as Path)[kind === 'user' ? 'userId' : 'teamId']!;
    return [
      op<Path, unknown, { role?: Role | null }>({
        ...route(`update${Kind}PermissionInSpace`),
        status: 204,
        body: officialSchema.body(`update${Kind}PermissionInSpace`),
        handle: (ctx) => {
          const space = spaceOf(ctx, true);
          const found = requireGrant(ctx, space, kind, param(ctx));
          if (ctx.body.role !== undefined) ctx.db.spacePermissions.update(found.id, { role: roleOf(ctx.body.role), updatedAt: ctx.now });
        },
      }),
      op<Path>({
        ...route(`remove${Kind}FromSpace`),
        status: 204,
        handle: (ctx) => {
          const space = spaceOf(ctx, true);
          ctx.db.spacePermissions.delete(requireGrant(ctx, space, kind, param(ctx)).id);
        },
      }),
    ];
  }),
];

