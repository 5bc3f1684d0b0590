/**
 * Who may see and do what, on top of the pure role model (auth/roles.ts). One rule for
 * every group: an entity the caller may not see at all answers 404 (its existence is not
 * revealed); an entity the caller sees but may not change in that way answers 403.
 */
import { can, CAPABILITIES, rank, type Capability, type Role } from '../../auth/roles.ts';
import { ApiError, errors } from '../../contract/errors.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import { isPurged } from '../../rules/space-lifecycle.ts';
import type { Tables } from '../../store/store.ts';
import { findIn } from './find.ts';
import { grantedRole } from '../../rules/space-grants.ts';
import { installationRole, missingScope } from '../../rules/installation-scopes.ts';
import { siteOfCaller } from '../../auth/site-token.ts';
import { siteSpaceShownTo } from './site-visitor.ts';
import type { ChangeRequestRecord, MemberRecord, OrganizationRecord, SpaceRecord } from '../../store/records.ts';
import { derived } from '../../cache/caches.ts';

export function membership(db: Tables, organizationId: string, userId: string): MemberRecord | undefined {
  return db.members.get(`${organizationId}:${userId}`);
}

/**
 * The caller's role in the organization: a role, null for a guest, undefined for a stranger.
 * An installation's token (resources/integrations/) acts in its organization by its scopes.
 */
export function orgRole(db: Tables, organizationId: string, userId: string): Role | null | undefined {
  const member = membership(db, organizationId, userId);
  if (!member) return db.installations.size === 0 ? siteVisitorRole(db, organizationId, userId) : installedRole(db, organizationId, userId) ?? siteVisitorRole(db, organizationId, userId);
  if (member.disabled) return undefined;
  return member.role;
}

/** A site API token's caller (auth/site-token.ts) is a guest of the site's organization. */
function siteVisitorRole(db: Tables, organizationId: string, userId: string): null | undefined {
  const site = siteOfCaller(userId);
  return site !== undefined && db.sites.get(site)?.organization === organizationId ? null : undefined;
}

function installedRole(db: Tables, organizationId: string, userId: string): Role | undefined {
  const installation = db.installations.by('user', userId).find((i) => i.organization === organizationId);
  const integration = installation && db.integrations.get(installation.integration);
  return integration && installationRole(installation.status, integration.scopes);
}

/**
 * 403 naming `action` unless `role` allows `capability`; to an installation's token (given the
 * caller), naming the scope it lacks too.
 */
export function requireCapability(role: Role | null | undefined, capability: Capability, action: string, caller?: Pick<HandlerContext, 'db' | 'user'>): void {
  if (can(role, capability)) return;
  const why = caller && role ? scopeRefusal(caller.db, caller.user.id, CAPABILITIES[capability]) : undefined;
  throw errors.forbidden(why ? `${action}: ${why}` : action);
}

/** What an installation's token lacks to act as `needed`, when `userId` is an installation's user (undefined otherwise). */
function scopeRefusal(db: Tables, userId: string, needed: Role): string | undefined {
  if (db.installations.size === 0) return undefined;
  const [installation] = db.installations.by('user', userId);
  const integration = installation && db.integrations.get(installation.integration);
  return integration ? missingScope(installation.id, integration.id, integration.scopes, needed) : undefined;
}

/**
 * The organization, if the caller is a member of it (guests included); otherwise 404.
 * With a capability, the caller's role must allow it (403 otherwise).
 */
export function requireOrg(ctx: HandlerContext, organizationId: string, capability?: Capability, action?: string): OrganizationRecord {
  const org = ctx.db.organizations.get(organizationId);
  const role = org ? orgRole(ctx.db, org.id, ctx.user.id) : undefined;
  if (!org || role === undefined) throw errors.notFound('Organization', organizationId);
  if (capability) requireCapability(role, capability, action ?? `${capability} in this organization`, ctx);
  return org;
}

/**
 * The caller's role on a space. Members of the space's organization get their
 * organization role, raised to the space's `defaultLevel` when that is a higher role.
 * Anyone else (guests and strangers) reads public and unlisted spaces, and nothing else.
 */
export function spaceRole(db: Tables, space: SpaceRecord, userId: string): Role | null {
  const role = roleOnSpace(orgRole(db, space.organization, userId), space);
  const site = role === null ? siteOfCaller(userId) : undefined;
  if (site !== undefined) {
    // A site API token reads the spaces of its site that its visitor sees (adaptive content: site-visitor.ts).
    const shown = siteSpaceShownTo(db, userId);
    if (db.siteSpaces.by('space', space.id).some((ss) => ss.site === site && shown(ss))) return 'read';
  }
  // Grants on the space and on its collection (resources/spaces/permissions.ts) raise it; most have none.
  const own = db.spacePermissions.countBy('parent', space.id) > 0;
  const { parent } = space;
  const inherited = parent !== undefined && db.collectionPermissions.countBy('parent', parent) > 0;
  if (!own && !inherited) return role;
  const teams = new Set(db.teamMembers.by('user', userId).map((tm) => tm.team));
  const grants = [...(own ? db.spacePermissions.by('parent', space.id) : []), ...(inherited ? db.collectionPermissions.by('parent', parent) : [])];
  return grantedRole(role, grants, userId, teams);
}

/**
 * `spaceRole`, kept while the tables it read are unchanged (cache/caches.ts): every request on a
 * space asks it (GET a space, a page of comments, a comment posted), and working it out (a
 * membership by a key made for the request, the installations, the grants on the space and its
 * collection) was a sixth of GET a space's own CPU (--cpu-prof, issues 40 and 41).
 */
const keptSpaceRole = derived('space role', (db, space: SpaceRecord, userId: string) => spaceRole(db, space, userId));

/** The role on a space of someone with `role` in its organization (null: a guest; undefined: a stranger). */
export function roleOnSpace(role: Role | null | undefined, space: SpaceRecord): Role | null {
  const open = space.visibility === 'public' || space.visibility === 'unlisted';
  if (role) {
    const level = space.defaultLevel && space.defaultLevel !== 'inherit' ? space.defaultLevel : null;
    return level && rank(level) > rank(role) ? level : role;
  }
  return open ? 'read' : null;
}

/** The 7-day restore window lives with the other space lifecycle rules. */
export { RESTORE_WINDOW_MS, isPurged } from '../../rules/space-lifecycle.ts';

export interface SpaceAccess {
  space: SpaceRecord;
  role: Role | null;
}

/**
 * The space, if the caller may see it, with the caller's role on it. Unknown, purged, or
 * invisible to the caller: 404. Deleted (in the 7-day window): 404 too, unless
 * `allowDeleted` (GET and restore). A capability the role lacks: 403.
 */
export function requireSpace(
  ctx: HandlerContext,
  spaceId: string,
  capability?: Capability,
  options: { allowDeleted?: boolean; action?: string } = {},
): SpaceAccess {
  const space = ctx.db.spaces.get(spaceId);
  if (!space || isPurged(space, ctx.now)) throw errors.notFound('Space', spaceId);
  const role = keptSpaceRole(ctx, space, ctx.user.id);
  if (role === null) throw errors.notFound('Space', spaceId);
  if (space.deletedAt && !options.allowDeleted) {
    throw new ApiError(404, `Space "${spaceId}" is deleted; restore it with POST /v1/spaces/${spaceId}/restore`);
  }
  if (capability) requireCapability(role, capability, options.action ?? `${capability} in this space`, ctx);
  return { space, role };
}

/** A space of the organization that is not deleted (what a body field naming a space needs). */
export function findLiveSpace(ctx: HandlerContext, organizationId: string, spaceId: string): SpaceRecord | undefined {
  return findIn(ctx.db.spaces, spaceId, (s) => s.organization === organizationId && !s.deletedAt);
}

/** A change request of the space, by id or by its number in the space; 404 otherwise. */
export function requireChangeRequest(ctx: HandlerContext, space: SpaceRecord, idOrNumber: string): ChangeRequestRecord {
  const { changeRequests } = ctx.db;
  const byId = changeRequests.get(idOrNumber);
  if (byId && byId.space === space.id) return byId;
  if (/^\d+$/.test(idOrNumber)) {
    const number = Number(idOrNumber);
    const found = changeRequests.by('space', space.id).find((cr) => cr.number === number);
    if (found) return found;
  }
  throw errors.notFound('Change request', idOrNumber);
}

/**
 * A locked space (editMode `locked`) refuses every change to its content: merging into
 * it, creating or editing change requests, importing content or Git into it. Its settings
 * stay editable, so that it can be unlocked. 409, since the space's state is the reason.
 */
export function requireEditable(space: SpaceRecord): void {
  if (space.editMode === 'locked') {
    throw errors.conflict(`Space "${space.id}" is locked: its content cannot change until editMode is "live"`);
  }
}
