/** An installation's presence on a site (scenario: an installation's `sites`). */
import type { ContentInstallationRecord } from '../records.ts';
import { defineCollection, owner } from './define.ts';

export const siteInstallations = defineCollection<ContentInstallationRecord>()({
  name: 'siteInstallations',
  indexes: { installation: (i) => i.installation, target: (i) => i.target },
  references: [owner('installation', 'installations'), owner('integration', 'integrations'), owner('target', 'sites')],
  state: { record: 'ContentInstallationRecord', rules: { $ref: '#/$defs/contentInstallation' } },
});
