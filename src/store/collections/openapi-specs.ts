/** An organization's OpenAPI specifications, indexed by organization and slug. */
import type { OpenApiSpecRecord } from '../records.ts';
import { defineCollection, owner } from './define.ts';

export const openapiSpecs = defineCollection<OpenApiSpecRecord>()({
  name: 'openapiSpecs',
  indexes: {
    organization: (s) => s.organization,
    slug: (s) => `${s.organization}:${s.slug}`,
  },
  references: [owner('organization', 'organizations')],
  state: { record: 'OpenApiSpecRecord', rules: { $ref: '#/$defs/owned', required: ['organization', 'slug'] } },
  scenario: {
    def: 'openapiSpec',
    entry: {
      type: 'object',
      properties: {
        key: { $ref: '#/$defs/key' },
        organization: { $ref: '#/$defs/key' },
        slug: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$' },
        sourceURL: { type: 'string', format: 'uri', maxLength: 2048 },
        createdAt: { $ref: '#/$defs/time' },
        versions: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              key: { $ref: '#/$defs/key' },
              url: { type: 'string', format: 'uri', maxLength: 2048 },
              fixture: { type: 'string', pattern: '^[a-z0-9-]+\\.json$' },
              createdAt: { $ref: '#/$defs/time' },
            },
            additionalProperties: false,
          },
        },
      },
      required: ['key', 'organization'],
      additionalProperties: false,
    },
  },
  manifest: ['openapiSpecs'],
});
