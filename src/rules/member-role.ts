/**
 * Organization membership changes as pure rules: changing a member's role (null makes
 * a guest) and removing a member. An organization always keeps at least one admin, so
 * the last admin can neither be demoted nor removed.
 */
import { ROLES, type Role } from '../auth/roles.ts';
import { defineMachine } from '../state-machine.ts';
import { refuse, type Decision } from './decision.ts';

/** A member's organization role; `null` (a guest) is written `guest`. */
const MEMBER_ROLES = [...ROLES, 'guest'] as const;

/**
 * Any role to any other, or out of the organization (`none`: removed); the last admin can
 * neither be demoted nor removed.
 */
export const MEMBER_ROLE_MACHINE = defineMachine(
  'member-role',
  MEMBER_ROLES.flatMap((from) => [...MEMBER_ROLES.filter((to) => to !== from), 'none' as const].map((to) => [from, to] as const)),
  ['admin'],
);

export interface MemberState {
  user: string;
  role: Role | null;
}

export type MemberDecision = Decision;

const OK: MemberDecision = { ok: true };
const LAST_ADMIN = 'The organization must keep at least one admin';

/**
 * May `actor` (with organization role `actorRole`) change `target`'s role to `role`?
 * `admins` is the number of admins the organization has now.
 */
export function decideRoleChange(target: MemberState, role: Role | null, actorRole: Role | null, admins: number): MemberDecision {
  if (actorRole !== 'admin') return refuse(403, "change a member's role");
  if (target.role === 'admin' && role !== 'admin' && admins <= 1) return refuse(409, LAST_ADMIN);
  return OK;
}

/** May `actorId` remove `target` from the organization? Admins remove anyone; anyone may leave. */
export function decideRemoval(target: MemberState, actorId: string, actorRole: Role | null, admins: number): MemberDecision {
  if (actorRole !== 'admin' && actorId !== target.user) return refuse(403, 'remove a member');
  if (target.role === 'admin' && admins <= 1) return refuse(409, LAST_ADMIN);
  return OK;
}
