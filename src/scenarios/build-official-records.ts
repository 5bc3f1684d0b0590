/**
 * Scenario build step for the generic tier's families (src/resources/generic/): each entry of
 * `officialRecords` names its family by the official operation that lists it, its parent by
 * key, and the fields laid over the official object when it is read.
 *
 *   { "key": "glossary-handbook", "family": "listGlossaryEntries", "parent": "acme", "fields": { "translations": { "en": "handbook" } } }
 *
 * `id` pins the record's id where its official object takes ids of a form of their own (an
 * audit event's is a UUID). `refs` puts the id of another entity of the scenario in a field (a dotted path for a field
 * of a field), so records name real pages, spaces, users and each other:
 *
 *   { "key": "broken-link", "family": "listSiteFindings", "parent": "docs-site",
 *     "refs": { "scan": "officialRecords.weekly-scan", "topic": "officialRecords.expenses-topic" } }
 */
import { routedOperations } from '../resources/index.ts';
import { IMPORT_FAMILY } from '../resources/organizations/imports.ts';
import { CONVERSATION_FAMILY } from '../resources/change-requests/conversations.ts';
import { shape } from '../resources/shared/paths.ts';
import { MANIFEST_COLLECTIONS, type Builder, type ManifestCollection } from './builder.ts';
import type { ScenarioFile } from './types.ts';

/** Which collection a family's parent parameter names by key in a scenario. */
const PARENT_KEYS: Record<string, ManifestCollection> = {
  organizationId: 'organizations',
  siteId: 'sites',
  spaceId: 'spaces',
  changeRequestId: 'changeRequests',
  integrationName: 'integrations',
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

/** `fields` with each of `refs` ("collection.key") set to that entity's id at its dotted path. */
function withRefs(b: Builder, fields: Record<string, unknown>, refs: Record<string, string>, path: string): Record<string, unknown> {
  const out = structuredClone(fields);
  for (const [field, ref] of Object.entries(refs)) {
    const dot = ref.indexOf('.');
    const collection = ref.slice(0, dot) as ManifestCollection;
    if (dot < 1 || !MANIFEST_COLLECTIONS.includes(collection)) b.fail(`${path}/refs/${field}`, `"${ref}" is not "collection.key" with a collection of the manifest`);
    const id = b.ref(collection, ref.slice(dot + 1), `${path}/refs/${field}`);
    const names = field.split('.');
    let at = out;
    for (const name of names.slice(0, -1)) at = (at[name] = typeof at[name] === 'object' && at[name] !== null ? at[name] : {}) as Record<string, unknown>;
    at[names.at(-1)!] = id;
  }
  return out;
}

/** Records kept under an integration (its events): built once the integrations are, after every other record. */
const underIntegration = (families: ReturnType<typeof genericFamilies>, entry: { family: string }) => families.get(entry.family)?.parentParam === 'integrationName';

export function buildOfficialRecords(b: Builder, entries: NonNullable<ScenarioFile['officialRecords']>): void {
  if (entries.length === 0) return;
  const families = genericFamilies();
  // Every key first: a record may name one listed after it.
  entries.forEach((entry, i) => b.declare('officialRecords', entry.key, `/officialRecords/${i}`, entry.id));
  entries.forEach((entry, i) => {
    if (!underIntegration(families, entry)) buildRecord(b, families, entry, i);
  });
}

/** The records `buildOfficialRecords` left for after the integrations (their keys are declared). */
export function buildIntegrationRecords(b: Builder, entries: NonNullable<ScenarioFile['officialRecords']>): void {
  if (entries.length === 0) return;
  const families = genericFamilies();
  entries.forEach((entry, i) => {
    if (underIntegration(families, entry)) buildRecord(b, families, entry, i);
  });
}

function buildRecord(b: Builder, families: ReturnType<typeof genericFamilies>, entry: NonNullable<ScenarioFile['officialRecords']>[number], i: number): void {
  const path = `/officialRecords/${i}`;
  const family = families.get(entry.family);
  if (!family) b.fail(`${path}/family`, `"${entry.family}" lists no generic family; one of: ${[...families.keys()].join(', ')}`);
  const collection = PARENT_KEYS[family.parentParam];
  if (!collection) b.fail(`${path}/family`, `the parent of "${entry.family}" ({${family.parentParam}}) cannot be named in a scenario`);
  const parent = b.ref(collection, entry.parent, `${path}/parent`);
  const fields = entry.refs ? withRefs(b, entry.fields ?? {}, entry.refs, path) : (entry.fields ?? {});
  b.state.officialRecords.push({ id: b.ref('officialRecords', entry.key, path), parent, family: family.family, fields, createdAt: b.pastTime(1, 20) });
}
