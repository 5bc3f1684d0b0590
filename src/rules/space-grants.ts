/**
 * Roles given on a space to users and teams (space permissions), as pure functions: a
 * grant raises what the organization role (and the space's default level) gives, never
 * lowers it; a user's effective role is the highest of their own grant and their teams'.
 */
import { rank, type Role } from '../auth/roles.ts';

export interface Grant {
  user?: string;
  team?: string;
  role: Role;
}

/** The highest of `base` and every grant that names `userId` or one of `teams`. */
export function grantedRole(base: Role | null, grants: readonly Grant[], userId: string, teams: ReadonlySet<string>): Role | null {
  let best = base;
  for (const g of grants) {
    const applies = g.user === userId || (g.team !== undefined && teams.has(g.team));
    if (applies && rank(g.role) > rank(best)) best = g.role;
  }
  return best;
}
