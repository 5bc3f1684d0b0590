/** A site's site spaces, in a section or at its root (scenario: a site's or a section's `siteSpaces`). */
import type { SiteSpaceRecord } from '../records.ts';
import { defineCollection, owner } from './define.ts';

export const siteSpaces = defineCollection<SiteSpaceRecord>()({
  name: 'siteSpaces',
  indexes: { site: (s) => s.site, space: (s) => s.space },
  references: [owner('site', 'sites'), owner('section', 'siteSections'), owner('space', 'spaces')],
  state: { record: 'SiteSpaceRecord', rules: { $ref: '#/$defs/owned', required: ['site', 'space', 'path'] }, required: true },
  manifest: ['siteSpaces'],
  params: ['siteSpaceId'],
});
