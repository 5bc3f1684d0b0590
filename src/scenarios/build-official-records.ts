/**
 * Scenario build step for the generic tier's families (src/resources/generic/): each entry of
 * `officialRecords` names its family by the official operation that lists it, its parent by
 * key, and the fields laid over the official object when it is read.
 *
 *   { "key": "brand-font", "family": "listCustomFonts", "parent": "acme", "fields": { "fontFamily": "Acme Sans" } }
 */
import { routedOperations } from '../resources/index.ts';
import { IMPORT_FAMILY } from '../resources/organizations/imports.ts';
import { CONVERSATION_FAMILY } from '../resources/change-requests/conversations.ts';
import { shape } from '../resources/generic/classify.ts';
import type { Builder, ManifestCollection } from './builder.ts';
import type { ScenarioFile } from './types.ts';

/** Which collection a family's parent parameter names by key in a scenario. */
const PARENT_KEYS: Record<string, ManifestCollection> = {
  organizationId: 'organizations',
  siteId: 'sites',
  spaceId: 'spaces',
  changeRequestId: 'changeRequests',
};

/**
 * The generic families by their list's operationId, and the hand-written lists that keep their
 * records the same way (integration events, audit events): the collection path and the parameter naming the parent.
 */
export function genericFamilies(): Map<string, { family: string; parentParam: string }> {
  // Import runs and change request conversations have hand-written rows now, and keep their records where the generic tier kept them.
  const out = new Map<string, { family: string; parentParam: string }>([
    ['listImportRuns', { family: IMPORT_FAMILY, parentParam: 'organizationId' }],
    ['listChangeRequestConversations', { family: CONVERSATION_FAMILY, parentParam: 'changeRequestId' }],
  ]);
  for (const row of routedOperations) {
    if (row.generic !== 'list' && !row.keepsOfficialRecords) continue;
    out.set(row.operationId, { family: shape(row.path), parentParam: [...row.path.matchAll(/\{(\w+)\}/g)].at(-1)?.[1] ?? '' });
  }
  return out;
}

export function buildOfficialRecords(b: Builder, entries: NonNullable<ScenarioFile['officialRecords']>): void {
  if (entries.length === 0) return;
  const families = genericFamilies();
  entries.forEach((entry, i) => {
    const path = `/officialRecords/${i}`;
    const family = families.get(entry.family);
    if (!family) b.fail(`${path}/family`, `"${entry.family}" lists no generic family; one of: ${[...families.keys()].join(', ')}`);
    const collection = PARENT_KEYS[family.parentParam];
    if (!collection) b.fail(`${path}/family`, `the parent of "${entry.family}" ({${family.parentParam}}) cannot be named in a scenario`);
    const id = b.declare('officialRecords', entry.key, path);
    const parent = b.ref(collection, entry.parent, `${path}/parent`);
    b.state.officialRecords.push({ id, parent, family: family.family, fields: entry.fields ?? {}, createdAt: b.pastTime(1, 20) });
  });
}
