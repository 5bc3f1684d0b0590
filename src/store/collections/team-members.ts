/** A user's membership of a team (scenario: a team's `members`). */
import type { TeamMemberRecord } from '../records.ts';
import { defineCollection, owner } from './define.ts';

export const teamMembers = defineCollection<TeamMemberRecord>()({
  name: 'teamMembers',
  indexes: { team: (t) => t.team, user: (t) => t.user },
  references: [owner('team', 'teams'), owner('user', 'users'), owner('organization', 'organizations')],
  state: { record: 'TeamMemberRecord', rules: { $ref: '#/$defs/teamMember' }, required: true },
});
