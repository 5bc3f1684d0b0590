/** Roles given on a site to one user or one team. */
import type { SitePermissionRecord } from '../records.ts';
import { defineCollection, owner } from './define.ts';

export const sitePermissions = defineCollection<SitePermissionRecord>()({
  name: 'sitePermissions',
  indexes: { parent: (r) => r.parent, team: (r) => r.team },
  references: [owner('parent', 'sites'), owner('user', 'users'), owner('team', 'teams')],
  state: { record: 'SpacePermissionRecord', rules: { $ref: '#/$defs/engine' } },
});
