/** Docs sites (document 001): every operation under /v1/orgs/{organizationId}/sites. */
import type { Operation } from '../../contract/operation.ts';
import { adaptiveOperations } from './adaptive.ts';
import { publishedOperations } from './published.ts';
import { sectionGroupOperations } from './section-groups.ts';
import { sectionOperations } from './sections.ts';
import { shareLinkOperations } from './share-links.ts';
import { siteCoreOperations } from './sites.ts';
import { siteSpaceOperations } from './site-spaces.ts';
import { siteStructureOperations } from './site-structure.ts';
import { customizationOperations } from './customization-ops.ts';
import { insightOperations } from './insights.ts';
import { publishingOperations } from './publishing.ts';
import { structureSortOperations } from './structure-sort.ts';
import { insightReadOperations } from './insight-reads.ts';
import { integrationScriptOperations } from './integration-scripts.ts';
import { agentOperations } from './agent.ts';
import { adsOperations } from './ads.ts';
import { agentFeedbackOperations } from './agent-feedback.ts';
import { topicFindingOperations } from './topic-findings.ts';
import { contextRecordOperations } from './context-records.ts';
import { contextSyncOperations } from './context-sync.ts';

export const siteOperations: Operation[] = [
  ...siteCoreOperations,
  ...adaptiveOperations,
  ...publishedOperations,
  ...sectionOperations,
  ...sectionGroupOperations,
  ...siteSpaceOperations,
  ...shareLinkOperations,
  ...siteStructureOperations,
  ...customizationOperations,
  ...insightOperations,
  ...publishingOperations,
  ...structureSortOperations,
  ...insightReadOperations,
  ...integrationScriptOperations,
  ...agentOperations,
  ...adsOperations,
  ...agentFeedbackOperations,
  ...topicFindingOperations,
  ...contextRecordOperations,
  ...contextSyncOperations,
];
