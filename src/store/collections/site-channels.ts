/** A site's assistant channels: a family of the resource engine (src/resources/families/site-channels.ts). */
import type { SiteChannelRecord } from '../records.ts';
import { defineCollection, owner } from './define.ts';

export const siteChannels = defineCollection<SiteChannelRecord>()({
  name: 'siteChannels',
  indexes: { parent: (r) => r.parent },
  references: [owner('parent', 'sites')],
  state: { record: 'SiteChannelRecord', rules: { $ref: '#/$defs/engine' } },
  scenario: {
    def: 'siteChannel',
    entry: {
      description: "A channel of a site's assistant (resource engine, src/resources/families/site-channels.ts).",
      type: 'object',
      properties: {
        key: { $ref: '#/$defs/key' },
        site: { $ref: '#/$defs/key' },
        type: { enum: ['builtin:slack', 'builtin:linear', 'builtin:github', 'builtin:discord'] },
        setupSettings: { type: 'object' },
        role: { enum: ['collaborator', 'support'] },
      },
      required: ['key', 'site', 'type'],
      additionalProperties: false,
    },
  },
  manifest: ['siteChannels'],
  params: ['siteChannelId'],
});
