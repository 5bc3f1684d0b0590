/**
 * Every collection declared in src/store/collections/ goes the whole way with nothing else
 * written for it: its table answers its indexes, its records are exported and import back,
 * its scenario list (if it declares one) is checked by the scenario schema, merged with the list
 * of the scenario it extends and its keys are in the manifest, every reference it declares is
 * checked by the importer, and every cascade it declares is applied by a removal. A new
 * collection (one file and one line in the list) is covered here without a line of this test;
 * a reference no built-in scenario exercises must be named below, with the reason.
 */
import { describe, expect, it } from 'vitest';
import { createMock, type Mock } from '../../../src/app.ts';
import { COLLECTIONS } from '../../../src/store/collections/index.ts';
import { idsNamed, pathOf, type DeclaredReference } from '../../../src/store/references.ts';
import { removeWithDependents } from '../../../src/store/removal.ts';
import { Store, type CollectionName } from '../../../src/store/store.ts';
import { checkState } from '../../../src/scenarios/state-check.ts';
import { mergeScenarios } from '../../../src/scenarios/scenario-source.ts';
import type { ScenarioFile } from '../../../src/scenarios/types.ts';

type Row = { id: string } & Record<string, unknown>;

/**
 * What no built-in scenario has a record of (a collection), or a record naming (a reference),
 * and why: the state-after-deletes and model tests (test/api/admin/, test/api/model/) reach
 * these through the API instead. A key here that a scenario comes to exercise stays harmless.
 */
const UNEXERCISED: Record<string, string> = {
  'changeRequestReviews.requestedBy': "the built-in reviews are not a requested reviewer's",
  'changeRequestReviews.comment': 'the built-in reviews have no comment (a scenario cannot give one)',
  spacePermissions: 'made by the API only',
  collectionPermissions: 'made by the API only',
  sitePermissions: 'made by the API only',
  gitSyncInstallations: 'made by the API only',
  'changeRequests.contributors': 'set by an edit of the API',
  'changeRequests.revisionMergedAncestor': 'set by a merge of the API',
  'collections.collection': 'the built-in collections are at the top level',
  'inviteLinks.target.id': "the built-in invites are the organization's",
  'organizations.defaultContent.site': 'set by the API only',
  'siteExternalLinks.sectionGroup': 'the built-in links are at the top level',
  'siteRedirects.destination.siteSectionId': 'the built-in redirects send elsewhere',
  'siteSectionGroups.sectionGroup': 'the built-in groups are at the top level',
  'translations.source': 'set by a create of the newer official shape only',
};

/** Whether the reference `path` of `collection` is named in UNEXERCISED (itself, or its whole collection). */
function unexercised(collection: string, path: string): boolean {
  return collection in UNEXERCISED || `${collection}.${path}` in UNEXERCISED;
}

const names = createMock({ scenario: 'empty' })
  .runtime.catalog.list()
  .filter((s) => s.name !== 'large')
  .map((s) => s.name);
const mocks = new Map<string, Mock>();
function mockOf(scenario: string): Mock {
  let mock = mocks.get(scenario);
  if (!mock) mocks.set(scenario, (mock = createMock({ scenario })));
  return mock;
}
const exports = new Map<string, Record<string, Row[]>>();
/** The scenario's state as an export gives it (JSON: records seen as plain objects). */
function exportOf(scenario: string): Record<string, Row[]> {
  const kept = exports.get(scenario);
  if (kept) return kept;
  const state: Record<string, Row[]> = JSON.parse(JSON.stringify(mockOf(scenario).runtime.exportState()));
  exports.set(scenario, state);
  return state;
}

/** The first record of `collection` in a built-in scenario that `accepts`, with its scenario and index. */
function findRecord(collection: CollectionName, accepts: (row: Row) => boolean): { scenario: string; index: number; row: Row } | undefined {
  for (const scenario of names) {
    const rows = exportOf(scenario)[collection];
    const index = rows.findIndex(accepts);
    if (index >= 0) return { scenario, index, row: rows[index] };
  }
  return undefined;
}

/** `row` with the first id `reference` names replaced by `id`. */
function pointedElsewhere(row: Row, reference: DeclaredReference, id: string): Row {
  const out = structuredClone(row);
  if (reference.in !== undefined) {
    // An object the record holds, or the first of a list of them (a font's faces).
    const holder = Reflect.get(out, reference.in) as object;
    Reflect.set(Array.isArray(holder) ? (holder[0] as object) : holder, reference.key ?? 'id', id);
    return out;
  }
  const field = String(reference.field);
  const value = out[field];
  out[field] = Array.isArray(value) ? [id, ...value.slice(1)] : id;
  return out;
}

describe.each(COLLECTIONS.map((declaration) => [declaration.name, declaration] as const))('the collection %s', (name, declaration) => {
  it('has a table that answers its indexes, and its records export and import back', () => {
    const found = findRecord(name, () => true);
    const runtime = mockOf(found?.scenario ?? 'starter').runtime;
    const table = runtime.store.tables[name];
    expect(table.name).toBe(name);
    for (const [index, keyOf] of Object.entries<(row: never) => string | null | undefined>(declaration.indexes)) {
      const key = found && keyOf(found.row as never);
      if (found && key) expect(table.idsBy(index, key)).toContain(found.row.id);
    }
    const state = runtime.exportState();
    expect(Array.isArray(state[name])).toBe(true);
    const again = createMock({ scenario: 'empty' }).runtime;
    again.importState(state);
    expect(again.exportState()[name]).toEqual(state[name]);
  });

  it.runIf(declaration.scenario !== undefined)('has a scenario list: checked by the schema, merged with the one it extends, its keys in the manifest', () => {
    const runtime = mockOf('empty').runtime;
    const validate = runtime.schemas.strictValidator('scenario');
    expect(validate({ description: 'x', [name]: ['not an entry'] })).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe(`/${name}/0`);
    const merged = mergeScenarios({ description: 'parent', [name]: [{ key: 'a' }] }, { description: 'child', [name]: [{ key: 'b' }] } as ScenarioFile);
    expect(Reflect.get(merged, name)).toEqual([{ key: 'a' }, { key: 'b' }]);
    for (const group of declaration.manifest ?? []) expect(runtime.manifest.ids).toHaveProperty(group);
    if (!(declaration.manifest ?? []).some((group) => group === name)) return;
    const scenario = names.find((n) => (runtime.catalog.read(n)[name as keyof ScenarioFile] as unknown[] | undefined)?.length);
    if (!scenario) return;
    const keys = (runtime.catalog.read(scenario)[name as keyof ScenarioFile] as { key: string }[]).map((entry) => entry.key);
    expect(Object.keys(mockOf(scenario).runtime.manifest.ids[name] ?? {})).toEqual(expect.arrayContaining(keys));
  });

  const references = declaration.references.map((reference): [string, DeclaredReference] => [pathOf(reference), reference]);
  it.each(references.filter(([, reference]) => !reference.loose))('checks its reference %s when a state is imported', (path, reference) => {
    const found = findRecord(name, (row) => idsNamed(row, reference).length > 0);
    if (!found) return expect(unexercised(name, path), `no built-in scenario has a record of ${name} naming its ${path}: name it in UNEXERCISED`).toBe(true);
    const state = structuredClone(exportOf(found.scenario));
    state[name][found.index] = pointedElsewhere(found.row, reference, 'dangling-id-0000');
    expect(() => checkState(state, mockOf('empty').runtime.schemas)).toThrow(`Invalid state: state.${name}[${found.index}].${path} "dangling-id-0000" is not an id of`);
  });

  it.each(references.filter(([, reference]) => reference.onDelete === 'cascade'))('goes with what its reference %s names, when that is removed', (path, reference) => {
    const found = findRecord(name, (row) => idsNamed(row, reference).length > 0);
    if (!found) return expect(unexercised(name, path), `no built-in scenario has a record of ${name} naming its ${path}: name it in UNEXERCISED`).toBe(true);
    const [named] = idsNamed(found.row, reference);
    const store = new Store();
    store.import(exportOf(found.scenario));
    store.transaction(() => removeWithDependents(store.tables, named.to, named.id));
    // A record an author reference holds stays, with what belongs to it.
    if (store.tables[named.to].get(named.id)) return;
    expect(store.tables[name].get(found.row.id)).toBeUndefined();
  });
});
