/** Git Sync installations on a space or a site. */
import type { GitSyncInstallationRecord } from '../records.ts';
import { defineCollection, author, owner } from './define.ts';

export const gitSyncInstallations = defineCollection<GitSyncInstallationRecord>()({
  name: 'gitSyncInstallations',
  indexes: { organization: (r) => r.organization },
  references: [
    owner('organization', 'organizations'),
    author('createdBy'),
    { in: 'target', key: 'spaceId', to: 'spaces', onDelete: 'cascade' },
    { in: 'target', key: 'siteId', to: 'sites', onDelete: 'cascade' },
  ],
  state: { record: 'GitSyncInstallationRecord', rules: { $ref: '#/$defs/owned', required: ['organization', 'target', 'provider'] } },
  // A scenario's synced space names its installation by key (spaces[].gitSync.key).
  manifest: ['gitSyncInstallations'],
});
