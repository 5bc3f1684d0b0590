/** Integrations installed on an organization. */
import type { InstallationRecord } from '../records.ts';
import { defineCollection, author, owner } from './define.ts';

export const installations = defineCollection<InstallationRecord>()({
  name: 'installations',
  indexes: {
    integration: (i) => i.integration,
    organization: (i) => i.organization,
    user: (i) => i.user,
  },
  references: [owner('integration', 'integrations'), owner('organization', 'organizations'), author('user')],
  state: { record: 'InstallationRecord', rules: { $ref: '#/$defs/installation' } },
  scenario: {
    def: 'installation',
    entry: {
      description: 'An integration installed on an organization, and on some of its spaces and sites.',
      type: 'object',
      properties: {
        key: { $ref: '#/$defs/key' },
        id: { $ref: '#/$defs/id' },
        integration: { $ref: '#/$defs/key' },
        organization: { $ref: '#/$defs/key' },
        status: { enum: ['active', 'pending', 'paused'] },
        configuration: { type: 'object' },
        externalIds: { type: 'array', maxItems: 5, items: { type: 'string' } },
        spaces: { type: 'array', items: { $ref: '#/$defs/key' } },
        sites: { type: 'array', items: { $ref: '#/$defs/key' } },
        spaceConfigurations: {
          description: "The configuration of its installation on each space, by the space's key (one of `spaces`); `{}` without it.",
          type: 'object',
          additionalProperties: { type: 'object' },
        },
        siteConfigurations: {
          description: "The configuration of its installation on each site, by the site's key (one of `sites`); `{}` without it.",
          type: 'object',
          additionalProperties: { type: 'object' },
        },
        url: { type: 'string', pattern: '^(https?://[^\\s]+|mock:events)$' },
        token: { type: 'string', pattern: '^[A-Za-z0-9_.~-]{8,200}$' },
      },
      required: ['key', 'integration', 'organization'],
      additionalProperties: false,
    },
  },
  manifest: ['installations'],
});
