/** An organization's invite links, to it or to one of its spaces or collections (scenario: an organization's `invites`). */
import type { InviteLinkRecord } from '../records.ts';
import { defineCollection, owner } from './define.ts';

export const inviteLinks = defineCollection<InviteLinkRecord>()({
  name: 'inviteLinks',
  indexes: { organization: (i) => i.organization },
  references: [
    owner('organization', 'organizations'),
    { in: 'target', key: 'id', to: (link) => (link.target?.kind === 'collection' ? 'collections' : 'spaces'), onDelete: 'cascade' },
  ],
  state: { record: 'InviteLinkRecord', rules: { $ref: '#/$defs/owned', required: ['organization'] } },
  manifest: ['inviteLinks'],
  params: ['inviteId'],
});
