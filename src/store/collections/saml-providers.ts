/** An organization's SAML providers. */
import type { SamlProviderRecord } from '../records.ts';
import { defineCollection, optional, owner } from './define.ts';

export const samlProviders = defineCollection<SamlProviderRecord>()({
  name: 'samlProviders',
  indexes: { organization: (s) => s.organization },
  references: [owner('organization', 'organizations'), optional('defaultTeam', 'teams')],
  state: { record: 'SamlProviderRecord', rules: { $ref: '#/$defs/owned', required: ['organization', 'label'] } },
  scenario: {
    def: 'samlProvider',
    entry: {
      type: 'object',
      properties: {
        key: { $ref: '#/$defs/key' },
        organization: { $ref: '#/$defs/key' },
        label: { type: 'string', minLength: 1, maxLength: 30 },
        entityID: { type: 'string', maxLength: 1024 },
        ssoURL: { type: 'string', format: 'uri', maxLength: 2048 },
        certificate: { type: 'string', maxLength: 10000 },
        defaultTeam: { $ref: '#/$defs/key' },
        defaultRole: { $ref: '#/$defs/role' },
        createdAt: { $ref: '#/$defs/time' },
      },
      required: ['key', 'organization'],
      additionalProperties: false,
    },
  },
  manifest: ['samlProviders'],
  params: ['samlProviderId'],
});
