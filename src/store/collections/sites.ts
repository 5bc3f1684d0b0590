/** An organization's sites. */
import type { SiteRecord } from '../records.ts';
import { defineCollection, optional, owner } from './define.ts';

export const sites = defineCollection<SiteRecord>()({
  name: 'sites',
  indexes: { organization: (s) => s.organization },
  references: [owner('organization', 'organizations'), optional('defaultSiteSection', 'siteSections'), optional('defaultSiteSpace', 'siteSpaces')],
  state: { record: 'SiteRecord', rules: { $ref: '#/$defs/site' }, required: true },
  scenario: {
    def: 'site',
    entry: {
      type: 'object',
      properties: {
        key: { $ref: '#/$defs/key' },
        id: { $ref: '#/$defs/id' },
        organization: { $ref: '#/$defs/key' },
        title: { type: 'string', minLength: 2, maxLength: 128 },
        type: { type: 'string' },
        visibility: { enum: ['public', 'unlisted', 'share-link', 'visitor-auth'] },
        published: { type: 'boolean' },
        hostname: { type: 'string', maxLength: 512 },
        basename: { type: 'string', minLength: 1, maxLength: 100 },
        agentsContext: { enum: ['excluded', 'included'] },
        adaptiveContent: { type: 'boolean' },
        adaptiveSchema: { type: 'object' },
        createdAt: { $ref: '#/$defs/time' },
        sectionGroups: {
          type: 'array',
          items: {
            type: 'object',
            properties: { key: { $ref: '#/$defs/key' }, title: { type: 'string', minLength: 1, maxLength: 100 }, icon: { type: 'string', maxLength: 50 } },
            required: ['key', 'title'],
            additionalProperties: false,
          },
        },
        sections: { type: 'array', items: { $ref: '#/$defs/siteSection' } },
        siteSpaces: { type: 'array', items: { $ref: '#/$defs/siteSpace' } },
        shareLinks: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              key: { $ref: '#/$defs/key' },
              name: { type: 'string', minLength: 1, maxLength: 50 },
              active: { type: 'boolean' },
              secret: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,100}$' },
            },
            required: ['key'],
            additionalProperties: false,
          },
        },
      },
      required: ['key', 'organization'],
      additionalProperties: false,
    },
  },
  manifest: ['sites'],
  params: ['siteId'],
});
