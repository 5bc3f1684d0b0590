/** An organization's teams. */
import type { TeamRecord } from '../records.ts';
import { defineCollection, owner } from './define.ts';

export const teams = defineCollection<TeamRecord>()({
  name: 'teams',
  indexes: { organization: (t) => t.organization },
  references: [owner('organization', 'organizations')],
  state: { record: 'TeamRecord', rules: { $ref: '#/$defs/team' }, required: true },
  scenario: {
    def: 'team',
    entry: {
      type: 'object',
      properties: {
        key: { $ref: '#/$defs/key' },
        id: { $ref: '#/$defs/id' },
        organization: { $ref: '#/$defs/key' },
        title: { type: 'string', minLength: 1, maxLength: 64 },
        createdAt: { $ref: '#/$defs/time' },
        members: {
          type: 'array',
          items: {
            type: 'object',
            properties: { user: { $ref: '#/$defs/key' }, role: { enum: ['owner', 'member'] } },
            required: ['user'],
            additionalProperties: false,
          },
        },
      },
      required: ['key', 'organization'],
      additionalProperties: false,
    },
  },
  manifest: ['teams'],
  params: ['teamId'],
});
