/** A user's membership of an organization (scenario: an organization's `members`). */
import type { MemberRecord } from '../records.ts';
import { defineCollection, owner } from './define.ts';

export const members = defineCollection<MemberRecord>()({
  name: 'members',
  indexes: { organization: (m) => m.organization, user: (m) => m.user },
  references: [owner('organization', 'organizations'), owner('user', 'users')],
  state: { record: 'MemberRecord', rules: { $ref: '#/$defs/member' }, required: true },
});
