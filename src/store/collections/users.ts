/** The users: their token and e-mail are indexed (a bearer token finds its user, an invite its e-mail). */
import type { UserRecord } from '../records.ts';
import { defineCollection } from './define.ts';

export const users = defineCollection<UserRecord>()({
  name: 'users',
  indexes: { token: (u) => u.token, email: (u) => u.email.toLowerCase() },
  references: [],
  state: { record: 'UserRecord', rules: { $ref: '#/$defs/user' }, required: true },
  scenario: {
    def: 'user',
    entry: {
      type: 'object',
      properties: {
        key: { $ref: '#/$defs/key' },
        id: { $ref: '#/$defs/id' },
        displayName: { type: 'string', minLength: 1 },
        email: { type: 'string', format: 'email' },
        photoURL: { type: 'string', format: 'uri' },
        token: { type: 'string', pattern: '^[A-Za-z0-9_.~-]{8,200}$' },
      },
      required: ['key'],
      additionalProperties: false,
    },
  },
  manifest: ['users'],
  params: ['userId'],
});
