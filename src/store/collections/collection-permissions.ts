/** Roles given on a collection to one user or one team. */
import type { CollectionPermissionRecord } from '../records.ts';
import { defineCollection, owner } from './define.ts';

export const collectionPermissions = defineCollection<CollectionPermissionRecord>()({
  name: 'collectionPermissions',
  indexes: { parent: (r) => r.parent, team: (r) => r.team },
  references: [owner('parent', 'collections'), owner('user', 'users'), owner('team', 'teams')],
  state: { record: 'SpacePermissionRecord', rules: { $ref: '#/$defs/engine' } },
});
