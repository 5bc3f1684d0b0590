/** A site's sections (scenario: a site's `sections`). */
import type { SiteSectionRecord } from '../records.ts';
import { defineCollection, optional, owner } from './define.ts';

export const siteSections = defineCollection<SiteSectionRecord>()({
  name: 'siteSections',
  indexes: { site: (s) => s.site },
  references: [owner('site', 'sites'), optional('sectionGroup', 'siteSectionGroups'), optional('defaultSiteSpace', 'siteSpaces')],
  state: { record: 'SiteSectionRecord', rules: { $ref: '#/$defs/owned', required: ['site', 'title', 'path'] }, required: true },
  manifest: ['siteSections'],
  params: ['siteSectionId'],
});
