/** An organization's translations. */
import type { TranslationRecord } from '../records.ts';
import { defineCollection, optional, owner } from './define.ts';

export const translations = defineCollection<TranslationRecord>()({
  name: 'translations',
  indexes: { organization: (t) => t.organization },
  references: [owner('organization', 'organizations'), optional('source', 'spaces')],
  state: { record: 'TranslationRecord', rules: { $ref: '#/$defs/owned', required: ['organization', 'title'] } },
  scenario: {
    def: 'translation',
    entry: {
      type: 'object',
      properties: {
        key: { $ref: '#/$defs/key' },
        organization: { $ref: '#/$defs/key' },
        title: { type: 'string', minLength: 1, maxLength: 100 },
        languages: { type: 'array', items: { type: 'string' } },
        source: { $ref: '#/$defs/key', description: 'The space it translates (a space of the same organization), by key; its language is `en`. Without it the translation has no source and stays pending.' },
        createdAt: { $ref: '#/$defs/time' },
      },
      required: ['key', 'organization'],
      additionalProperties: false,
    },
  },
  manifest: ['translations'],
  params: ['translationSettingsId'],
});
