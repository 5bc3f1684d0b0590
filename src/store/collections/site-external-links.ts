/** A site's external links: a family of the resource engine (src/resources/families/site-external-links.ts). */
import type { SiteExternalLinkRecord } from '../records.ts';
import { defineCollection, optional, owner } from './define.ts';

export const siteExternalLinks = defineCollection<SiteExternalLinkRecord>()({
  name: 'siteExternalLinks',
  indexes: { parent: (r) => r.parent },
  references: [owner('parent', 'sites'), optional('sectionGroup', 'siteSectionGroups')],
  state: { record: 'SiteExternalLinkRecord', rules: { $ref: '#/$defs/engine' } },
  scenario: {
    def: 'siteExternalLink',
    entry: {
      description: "A link to an outside URL in a site's structure (resource engine, src/resources/families/site-external-links.ts).",
      type: 'object',
      properties: {
        key: { $ref: '#/$defs/key' },
        site: { $ref: '#/$defs/key' },
        title: { type: 'string', minLength: 2, maxLength: 128 },
        url: { type: 'string', format: 'uri', maxLength: 2048 },
        description: { type: 'string', maxLength: 256 },
        draft: { type: 'boolean' },
      },
      required: ['key', 'site', 'title', 'url'],
      additionalProperties: false,
    },
  },
  manifest: ['siteExternalLinks'],
  params: ['siteExternalLinkId'],
});
