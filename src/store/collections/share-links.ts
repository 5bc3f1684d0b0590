/** A site's share links, indexed by their secret (scenario: a site's `shareLinks`). */
import type { ShareLinkRecord } from '../records.ts';
import { defineCollection, owner } from './define.ts';

export const shareLinks = defineCollection<ShareLinkRecord>()({
  name: 'shareLinks',
  indexes: { site: (s) => s.site, key: (s) => s.key },
  references: [owner('site', 'sites')],
  state: { record: 'ShareLinkRecord', rules: { $ref: '#/$defs/owned', required: ['site', 'key', 'active'] }, required: true },
  manifest: ['shareLinks'],
  params: ['shareLinkId'],
});
