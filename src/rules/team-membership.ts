/**
 * Team membership as a pure state machine: a team's members are a map from user id to
 * team role. One update applies `add`, `memberships` and `remove` together; removal wins
 * over everything else, so a user named in `remove` is never in the team afterwards.
 */
import { defineMachine } from '../state-machine.ts';

export type TeamRole = 'owner' | 'member';

/** A user's place in a team (`none`: not in it); `added` → `removed-wins`: one update both added and removed them. */
export const TEAM_MEMBERSHIP_MACHINE = defineMachine('team-membership', [
  ['none', 'member'],
  ['none', 'owner'],
  ['member', 'owner'],
  ['owner', 'member'],
  ['member', 'none'],
  ['owner', 'none'],
  ['added', 'removed-wins'],
]);

/** The team's members: user id → role. */
export type TeamRoster = ReadonlyMap<string, TeamRole>;

/** An update whose entries are already resolved to user ids. */
export interface RosterUpdate {
  add?: readonly string[];
  remove?: readonly string[];
  /** Role per user id: adds the user with that role, or changes the role of a member. */
  memberships?: Readonly<Record<string, TeamRole>>;
}

export interface RosterChange {
  roster: Map<string, TeamRole>;
  added: string[];
  removed: string[];
  changed: string[];
}

export const DEFAULT_TEAM_ROLE: TeamRole = 'member';

/** The roster after `update`. `add` keeps the role of a user already in the team. */
export function applyRosterUpdate(current: TeamRoster, update: RosterUpdate): RosterChange {
  const roster = new Map(current);
  const removing = new Set(update.remove ?? []);
  for (const user of update.add ?? []) {
    if (!removing.has(user) && !roster.has(user)) roster.set(user, DEFAULT_TEAM_ROLE);
  }
  for (const [user, role] of Object.entries(update.memberships ?? {})) {
    if (!removing.has(user)) roster.set(user, role);
  }
  for (const user of removing) roster.delete(user);
  return diff(current, roster);
}

/** PUT one member: adds the user (default role `member`) or changes their role. */
export function putRosterMember(current: TeamRoster, user: string, role?: TeamRole): RosterChange {
  const roster = new Map(current);
  roster.set(user, role ?? current.get(user) ?? DEFAULT_TEAM_ROLE);
  return diff(current, roster);
}

/** DELETE one member; `undefined` when the user is not in the team. */
export function removeRosterMember(current: TeamRoster, user: string): RosterChange | undefined {
  if (!current.has(user)) return undefined;
  const roster = new Map(current);
  roster.delete(user);
  return diff(current, roster);
}

/**
 * Who may change a team's members: organization admins, and the team's owners (who
 * manage their own team only). Renaming and deleting the team stay with admins.
 */
export function canManageTeamMembers(orgAdmin: boolean, teamRole: TeamRole | undefined): boolean {
  return orgAdmin || teamRole === 'owner';
}

function diff(before: TeamRoster, after: Map<string, TeamRole>): RosterChange {
  const added: string[] = [];
  const removed: string[] = [];
  const changed: string[] = [];
  for (const [user, role] of after) {
    const old = before.get(user);
    if (old === undefined) added.push(user);
    else if (old !== role) changed.push(user);
  }
  for (const user of before.keys()) if (!after.has(user)) removed.push(user);
  return { roster: after, added, removed, changed };
}
