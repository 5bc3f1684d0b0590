/** A space's revisions, with the pages, files and reusable contents whose keys the manifest lists (scenario: a space's `pages`, `files` and `reusableContents`). */
import type { RevisionRecord } from '../records.ts';
import { defineCollection, owner } from './define.ts';

export const revisions = defineCollection<RevisionRecord>()({
  name: 'revisions',
  indexes: { space: (r) => r.space },
  references: [owner('space', 'spaces'), owner('changeRequest', 'changeRequests'), owner('parents', 'revisions')],
  state: { record: 'RevisionRecord', rules: { $ref: '#/$defs/revision' }, required: true },
  manifest: ['pages', 'files', 'reusableContents'],
  params: ['revisionId'],
});
