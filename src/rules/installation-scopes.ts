/**
 * What an installation's token may do, from its integration's scopes (pure). The mock's
 * roles are organization roles, so the scopes map to the least role that allows them: any
 * write scope to `edit` (edit content, sync with Git, merge), read scopes alone to `read`.
 */
import type { Role } from '../auth/roles.ts';

const WRITE_SCOPES = new Set(['space:content:write', 'space:metadata:write', 'space:git:sync', 'site:adaptive:write', 'openapi:write']);

export function roleOfScopes(scopes: readonly string[]): Role {
  return scopes.some((scope) => WRITE_SCOPES.has(scope)) ? 'edit' : 'read';
}

/** A paused or pending installation's token acts on nothing; an active one by its scopes. */
export function installationRole(status: 'active' | 'pending' | 'paused', scopes: readonly string[]): Role | undefined {
  return status === 'active' ? roleOfScopes(scopes) : undefined;
}
