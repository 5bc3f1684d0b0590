/** The organizations: every other record hangs under one, directly or not. */
import type { OrganizationRecord } from '../records.ts';
import { defineCollection } from './define.ts';

export const organizations = defineCollection<OrganizationRecord>()({
  name: 'organizations',
  indexes: {},
  references: [{ in: 'defaultContent', key: 'site', to: 'sites', onDelete: 'clear', clearTo: null }],
  state: { record: 'OrganizationRecord', rules: { $ref: '#/$defs/organization' }, required: true },
  scenario: {
    def: 'organization',
    entry: {
      type: 'object',
      properties: {
        key: { $ref: '#/$defs/key' },
        id: { $ref: '#/$defs/id' },
        title: { type: 'string', minLength: 2, maxLength: 255 },
        emailDomains: { type: 'array', items: { type: 'string' } },
        hostname: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$' },
        type: { type: 'string' },
        plan: { type: 'string' },
        defaultRole: { $ref: '#/$defs/role' },
        sso: { type: 'boolean' },
        ai: { type: 'boolean' },
        inviteLinks: { type: 'boolean' },
        createdAt: { $ref: '#/$defs/time' },
        members: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              user: { $ref: '#/$defs/key' },
              role: { $ref: '#/$defs/role' },
              joinedAt: { $ref: '#/$defs/time' },
              lastSeenAt: { $ref: '#/$defs/time' },
              sso: { type: 'boolean' },
              disabled: { type: 'boolean' },
            },
            required: ['user', 'role'],
            additionalProperties: false,
          },
        },
        invites: {
          type: 'array',
          items: {
            type: 'object',
            properties: { key: { $ref: '#/$defs/key' }, role: { $ref: '#/$defs/role' } },
            required: ['key'],
            additionalProperties: false,
          },
        },
      },
      required: ['key'],
      additionalProperties: false,
    },
  },
  manifest: ['organizations'],
  params: ['organizationId'],
});
