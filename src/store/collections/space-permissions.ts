/** Roles given on a space to one user or one team. */
import type { SpacePermissionRecord } from '../records.ts';
import { defineCollection, owner } from './define.ts';

export const spacePermissions = defineCollection<SpacePermissionRecord>()({
  name: 'spacePermissions',
  indexes: { parent: (r) => r.parent, team: (r) => r.team },
  references: [owner('parent', 'spaces'), owner('user', 'users'), owner('team', 'teams')],
  state: { record: 'SpacePermissionRecord', rules: { $ref: '#/$defs/engine' } },
});
