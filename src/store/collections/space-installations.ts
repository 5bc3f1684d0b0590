/** An installation's presence on a space (scenario: an installation's `spaces`). */
import type { ContentInstallationRecord } from '../records.ts';
import { defineCollection, owner } from './define.ts';

export const spaceInstallations = defineCollection<ContentInstallationRecord>()({
  name: 'spaceInstallations',
  indexes: { installation: (i) => i.installation, target: (i) => i.target },
  references: [owner('installation', 'installations'), owner('integration', 'integrations'), owner('target', 'spaces')],
  state: { record: 'ContentInstallationRecord', rules: { $ref: '#/$defs/contentInstallation' } },
});
