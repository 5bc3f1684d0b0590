/**
 * Space, collection and site permissions: roles given on a space, a collection or a site to
 * users and teams (inviteToSpace, inviteToCollection, inviteToSite), listed per user, per team,
 * and aggregated (everyone with access and their effective role; on a site with where it comes
 * from). Anyone who sees the content reads them; giving, changing and removing them needs the
 * admin role on it. A grant raises the role on that space, or on the spaces of that collection
 * (shared/access.ts, spaceRole); a site grant shows in the site's lists.
 */
import type { Role } from '../../auth/roles.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { errors } from '../../contract/errors.ts';
import { type HandlerContext, type Operation } from '../../contract/operation.ts';
import { arrayView, paginate } from '../../contract/paginate.ts';
import type { SpacePermissionRecord } from '../../store/records.ts';
import type { Tables } from '../../store/store.ts';
import { membership, orgRole, requireCapability, requireOrg, requireSpace, roleOnSpace } from '../shared/access.ts';
import { requireSite } from '../shared/site-access.ts';
import { presentUserById } from '../shared/present.ts';
import { presentTeam } from '../shared/present-people.ts';
import { grantedRole } from '../../rules/space-grants.ts';
import { officialOp } from '../engine/operations.ts';

type Kind = 'user' | 'team';
type Params = Record<string, string>;

/** What grants are given on: its id, its organization, and the role a member's organization role gives on it. */
interface Target {
  id: string;
  organization: string;
  base(role: Role | null | undefined): Role | null;
}

interface Content {
  name: 'Space' | 'Collection' | 'Site';
  param: string;
  table(db: Tables): Tables['spacePermissions'];
  /** The same table's collection name, for removals (store/removal.ts). */
  collection: 'spacePermissions' | 'collectionPermissions' | 'sitePermissions';
  /** The content the path names, seen by the caller (404), with the admin role on it when `write` (403). */
  find(ctx: HandlerContext, write: boolean): Target;
  /** An aggregate row beyond `permission` and `user` (the site's UserSitePermission says where the role comes from). */
  aggregateExtra?(ctx: HandlerContext, target: Target, row: Aggregated): Record<string, unknown>;
}

interface Aggregated {
  user: string;
  role: Role;
  /** The grant that gave the role, when one raised it above the organization's. */
  grant?: SpacePermissionRecord;
}

const ACTION = 'manage who may access this content';

const SPACE: Content = {
  name: 'Space',
  param: 'spaceId',
  table: (db) => db.spacePermissions,
  collection: 'spacePermissions',
  find: (ctx, write) => {
    const { space } = requireSpace(ctx, (ctx.params as Params).spaceId, write ? 'admin' : 'view', { action: ACTION });
    return { id: space.id, organization: space.organization, base: (role) => roleOnSpace(role, space) };
  },
};

const COLLECTION: Content = {
  name: 'Collection',
  param: 'collectionId',
  table: (db) => db.collectionPermissions,
  collection: 'collectionPermissions',
  find: (ctx, write) => {
    const id = (ctx.params as Params).collectionId;
    const collection = ctx.db.collections.get(id);
    if (!collection) throw errors.notFound('Collection', id);
    try {
      requireOrg(ctx, collection.parent);
    } catch {
      throw errors.notFound('Collection', id);
    }
    if (write) requireCapability(orgRole(ctx.db, collection.parent, ctx.user.id), 'admin', ACTION);
    return { id: collection.id, organization: collection.parent, base: (role) => role ?? null };
  },
};

const SITE: Content = {
  name: 'Site',
  param: 'siteId',
  table: (db) => db.sitePermissions,
  collection: 'sitePermissions',
  find: (ctx, write) => {
    const { organizationId, siteId } = ctx.params as Params;
    const { org, site } = requireSite(ctx, organizationId, siteId);
    if (write) requireCapability(orgRole(ctx.db, org.id, ctx.user.id), 'admin', ACTION);
    return { id: site.id, organization: org.id, base: (role) => role ?? null };
  },
  aggregateExtra: (ctx, target, row) => {
    const member = membership(ctx.db, target.organization, row.user);
    const { grant } = row;
    return {
      origin: grant
        ? { type: 'site', site: target.id, reason: grant.user ? 'member' : 'team', ...(grant.team && { team: grant.team }) }
        : { type: 'organization', organization: target.organization },
      disabled: member?.disabled ?? false,
      ...(member?.lastSeenAt && { lastSeenAt: member.lastSeenAt }),
    };
  },
};

const grantId = (target: string, kind: Kind, id: string) => `${target}:${kind}:${id}`;

/** A role to store from a body's `role` (null, a guest, keeps the lowest role: read). */
const roleOf = (role: Role | null | undefined): Role => role ?? 'read';

function grant(ctx: HandlerContext, content: Content, target: Target, kind: Kind, id: string, role: Role): void {
  const key = grantId(target.id, kind, id);
  const table = content.table(ctx.db);
  if (table.get(key)) table.update(key, { role, updatedAt: ctx.now });
  else table.insert({ id: key, parent: target.id, [kind]: id, role, createdAt: ctx.now } as SpacePermissionRecord);
}

function requireGrant(ctx: HandlerContext, content: Content, target: Target, kind: Kind, id: string): SpacePermissionRecord {
  const found = content.table(ctx.db).get(grantId(target.id, kind, id));
  if (!found) throw errors.notFound(kind === 'user' ? 'Permission of user' : 'Permission of team', id);
  return found;
}

/** Everyone with access, with their effective role: members first, then invited users and teams' members. */
function aggregate(ctx: HandlerContext, content: Content, target: Target): Aggregated[] {
  const grants = content.table(ctx.db).by('parent', target.id);
  const out: Aggregated[] = [];
  const seen = new Set<string>();
  const add = (user: string) => {
    if (seen.has(user)) return;
    seen.add(user);
    const teams = new Set(ctx.db.teamMembers.by('user', user).map((tm) => tm.team));
    const base = target.base(orgRole(ctx.db, target.organization, user));
    const role = grantedRole(base, grants, user, teams);
    if (!role) return;
    const grant = role === base ? undefined : grants.find((g) => g.role === role && (g.user === user || (g.team !== undefined && teams.has(g.team))));
    out.push({ user, role, ...(grant && { grant }) });
  };
  for (const m of ctx.db.members.by('organization', target.organization)) if (!m.disabled) add(m.user);
  for (const g of grants) {
    if (g.user) add(g.user);
    if (g.team) for (const tm of ctx.db.teamMembers.by('team', g.team)) add(tm.user);
  }
  return out;
}

/** The user or team a grant names; the lists keep only grants that name one. */
function grantee(g: SpacePermissionRecord, kind: Kind): string {
  const id = g[kind];
  if (id === undefined) throw errors.internal(`Permission ${g.id} names no ${kind}`);
  return id;
}

function permissionOperations(content: Content): Operation[] {
  const { name } = content;
  return [
    officialOp(`inviteTo${name}`, {
      handle: (ctx) => {
        const target = content.find(ctx, true);
        const role = roleOf(ctx.body.role);
        // The official body names users, teams or both (anyOf).
        const users = 'users' in ctx.body ? ctx.body.users : [];
        const teams = 'teams' in ctx.body ? ctx.body.teams : [];
        users.forEach((user, i) => {
          if (!ctx.db.users.get(user)) throw errors.unknownReference(user, `users[${i}]: no user "${user}"`);
        });
        teams.forEach((team, i) => {
          if (ctx.db.teams.get(team)?.organization !== target.organization) throw errors.unknownReference(team, `teams[${i}]: no team "${team}" in this organization`);
        });
        for (const user of users) grant(ctx, content, target, 'user', user, role);
        for (const team of teams) grant(ctx, content, target, 'team', team, role);
      },
    }),
    officialOp(`listUserPermissionsIn${name}`, {
      handle: (ctx) => {
        const target = content.find(ctx, false);
        return paginate(content.table(ctx.db).viewBy('parent', target.id), ctx.query, (g) => ({ permission: g.role, user: presentUserById(ctx, grantee(g, 'user')) }), (g) => g.user !== undefined && ctx.db.users.has(g.user));
      },
    }),
    officialOp(`listTeamPermissionsIn${name}`, {
      handle: (ctx) => {
        const target = content.find(ctx, false);
        return paginate(content.table(ctx.db).viewBy('parent', target.id), ctx.query, (g) => ({ permission: g.role, team: presentTeam(ctx, ctx.db.teams.existing(grantee(g, 'team'))) }), (g) => g.team !== undefined && ctx.db.teams.has(g.team));
      },
    }),
    officialOp(`listPermissionsAggregateIn${name}`, {
      handle: (ctx) => {
        const target = content.find(ctx, false);
        // `team` and `search` are the site's filters (its official query has them; `sort` and `order` keep this order).
        const { role } = ctx.query;
        const team = 'team' in ctx.query && typeof ctx.query.team === 'string' ? ctx.query.team : undefined;
        const search = 'search' in ctx.query && typeof ctx.query.search === 'string' ? ctx.query.search : undefined;
        const inTeam = team === undefined ? undefined : new Set(ctx.db.teamMembers.by('team', team).map((tm) => tm.user));
        const matches = (userId: string) => {
          const user = ctx.db.users.get(userId);
          if (!user) return false;
          return search === undefined || `${user.displayName} ${user.email}`.toLowerCase().includes(search.toLowerCase());
        };
        const rows = aggregate(ctx, content, target).filter((r) => matches(r.user) && (role === undefined || r.role === role) && (!inTeam || inTeam.has(r.user)));
        return paginate(arrayView(rows), ctx.query, (r) => ({ permission: r.role, user: presentUserById(ctx, r.user), ...content.aggregateExtra?.(ctx, target, r) }));
      },
    }),
    ...(['user', 'team'] as const).flatMap((kind): Operation[] => {
      const Kind = kind === 'user' ? 'User' : 'Team';
      const param = (ctx: HandlerContext) => (ctx.params as Params)[kind === 'user' ? 'userId' : 'teamId'];
      return [
        officialOp(`update${Kind}PermissionIn${name}`, {
          handle: (ctx) => {
            const target = content.find(ctx, true);
            const found = requireGrant(ctx, content, target, kind, param(ctx));
            if (ctx.body.role !== undefined) content.table(ctx.db).update(found.id, { role: roleOf(ctx.body.role), updatedAt: ctx.now });
          },
        }),
        officialOp(`remove${Kind}From${name}`, {
          handle: (ctx) => {
            const target = content.find(ctx, true);
            removeWithDependents(ctx.db, content.collection, requireGrant(ctx, content, target, kind, param(ctx)).id);
          },
        }),
      ];
    }),
  ];
}

export const spacePermissionOperations: Operation[] = permissionOperations(SPACE);
export const collectionPermissionOperations: Operation[] = permissionOperations(COLLECTION);
export const sitePermissionOperations: Operation[] = permissionOperations(SITE);
