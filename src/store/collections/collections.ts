/** An organization's collections of spaces: a family of the resource engine (src/resources/families/collections.ts). */
import type { CollectionRecord } from '../records.ts';
import { defineCollection, optional, owner } from './define.ts';

export const collections = defineCollection<CollectionRecord>()({
  name: 'collections',
  indexes: { parent: (r) => r.parent },
  references: [owner('parent', 'organizations'), optional('collection', 'collections')],
  state: { record: 'CollectionRecord', rules: { $ref: '#/$defs/engine' } },
  scenario: {
    def: 'collection',
    entry: {
      description: 'A collection of spaces (resource engine, src/resources/families/collections.ts).',
      type: 'object',
      properties: {
        key: { $ref: '#/$defs/key' },
        organization: { $ref: '#/$defs/key' },
        title: { type: 'string', maxLength: 50 },
        description: { type: 'string', maxLength: 100 },
        collection: { $ref: '#/$defs/key', description: 'Key of the parent collection.' },
      },
      required: ['key', 'organization'],
      additionalProperties: false,
    },
  },
  manifest: ['collections'],
  params: ['collectionId'],
});
