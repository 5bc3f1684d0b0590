/**
 * Organization membership changes as pure rules: changing a member's role (null makes
 * a guest) and removing a member. An organization always keeps at least one admin, so
 * the last admin can neither be demoted nor removed.
 */
import type { Role } from '../auth/roles.ts';

export interface MemberState {
  user: string;
  role: Role | null;
}

export type MemberDecision = { ok: true } | { ok: false; status: 403 | 409; reason: string };

const OK: MemberDecision = { ok: true };

/**
 * May `actor` (with organization role `actorRole`) change `target`'s role to `role`?
 * `admins` is the number of admins the organization has now.
 */
export function decideRoleChange(target: MemberState, role: Role | null, actorRole: Role | null, admins: number): MemberDecision {
  if (actorRole !== 'admin') return { ok: false, status: 403, reason: "change a member's role" };
  if (target.role === 'admin' && role !== 'admin' && admins <= 1) {
    return { ok: false, status: 409, reason: 'The organization must keep at least one admin' };
  }
  return OK;
}

/** May `actorId` remove `target` from the organization? Admins remove anyone; anyone may leave. */
export function decideRemoval(target: MemberState, actorId: string, actorRole: Role | null, admins: number): MemberDecision {
  if (actorRole !== 'admin' && actorId !== target.user) return { ok: false, status: 403, reason: 'remove a member' };
  if (target.role === 'admin' && admins <= 1) {
    return { ok: false, status: 409, reason: 'The organization must keep at least one admin' };
  }
  return OK;
}
