/** A site's section groups (scenario: a site's `sectionGroups`). */
import type { SiteSectionGroupRecord } from '../records.ts';
import { defineCollection, optional, owner } from './define.ts';

export const siteSectionGroups = defineCollection<SiteSectionGroupRecord>()({
  name: 'siteSectionGroups',
  indexes: { site: (s) => s.site },
  references: [owner('site', 'sites'), optional('sectionGroup', 'siteSectionGroups')],
  state: { record: 'SiteSectionGroupRecord', rules: { $ref: '#/$defs/owned', required: ['site', 'title'] }, required: true },
  manifest: ['siteSectionGroups'],
  params: ['siteSectionGroupId'],
});
