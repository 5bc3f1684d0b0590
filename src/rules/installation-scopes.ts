/**
 * What an installation's token may do, from its integration's scopes (pure). The mock's
 * roles are organization roles, so the scopes map to the least role that allows them: any
 * write scope to `edit` (edit content, sync with Git, merge), read scopes alone to `read`.
 */
import { rank, type Role } from '../auth/roles.ts';

const WRITE_SCOPES = new Set(['space:content:write', 'space:metadata:write', 'space:git:sync', 'site:adaptive:write', 'openapi:write']);

export function roleOfScopes(scopes: readonly string[]): Role {
  return scopes.some((scope) => WRITE_SCOPES.has(scope)) ? 'edit' : 'read';
}

/** A paused or pending installation's token acts on nothing; an active one by its scopes. */
export function installationRole(status: 'active' | 'pending' | 'paused', scopes: readonly string[]): Role | undefined {
  return status === 'active' ? roleOfScopes(scopes) : undefined;
}

/**
 * Why an installation's token may not do what `needed` (a role) allows, for the 403 it gets:
 * the scopes it has, and the scope it lacks (any write scope, for what the edit role allows), or
 * that no scope gives an installation more than the edit role.
 */
export function missingScope(installation: string, integration: string, scopes: readonly string[], needed: Role): string {
  const has = scopes.length ? `the scopes ${scopes.join(', ')}` : 'no scope';
  const who = `installation ${installation} of integration ${integration} has ${has}`;
  if (rank(needed) > rank('edit')) return `${who}, and no scope lets an installation act as ${needed} (scopes give at most the edit role)`;
  return `${who}, which let it read only; this needs a write scope: one of ${[...WRITE_SCOPES].join(', ')}`;
}
