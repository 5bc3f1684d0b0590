/**
 * Scenario build step for the resource engine's families: each family's list in the scenario
 * file (`collections`, `siteRedirects`, ...), its entries' keys declared in the manifest, their
 * parent resolved by key, their fields made by the family's `scenario.build`.
 */
import { FAMILIES } from '../resources/families/index.ts';
import { PARENT_COLLECTIONS } from '../resources/engine/parents.ts';
import { MANIFEST_COLLECTIONS, type Builder, type ManifestCollection } from './builder.ts';
import type { FamilyEntry, ScenarioFile } from './types.ts';
import { SCENARIO_LISTS, type ScenarioListName } from '../store/collections/index.ts';
import type { EngineRecord } from '../store/records.ts';

/** A collection name a family definition gives (its own, or one its entries refer to). */
function isManifestCollection(name: string): name is ManifestCollection {
  return (MANIFEST_COLLECTIONS as readonly string[]).includes(name);
}

/** A collection of the manifest, or an error: a name it does not have is a bug of the family definition. */
function manifestCollection(name: string): ManifestCollection {
  if (!isManifestCollection(name)) throw new Error(`${name} is not a collection of the scenario manifest (scenarios/builder.ts)`);
  return name;
}

/**
 * The family's list of the scenario file (its entries checked by schemas/scenario.json): the
 * list its collection declares (store/collections/). A family that reads scenario entries of a
 * collection that declares no list is a bug of the declarations, not a scenario's.
 */
function entriesOf(file: ScenarioFile, collection: string): readonly FamilyEntry[] | undefined {
  if (!isScenarioList(collection)) throw new Error(`family ${collection} reads scenario entries, but its collection declares no scenario list (store/collections/)`);
  const list: unknown = file[collection];
  return Array.isArray(list) ? list : undefined;
}

function isScenarioList(name: string): name is ScenarioListName {
  return (SCENARIO_LISTS as readonly string[]).includes(name);
}

export function buildFamilies(b: Builder, file: ScenarioFile): void {
  for (const family of FAMILIES) {
    const { scenario } = family;
    const entries = scenario && entriesOf(file, family.collection);
    if (!scenario || !entries) continue;
    const rows = b.state[family.collection] as EngineRecord[];
    entries.forEach((entry, i) => {
      const path = `/${family.collection}/${i}`;
      const id = b.declare(manifestCollection(family.collection), entry.key, path);
      const parentKey = entry[scenario.parentField];
      if (typeof parentKey !== 'string') b.fail(`${path}/${scenario.parentField}`, 'names no parent');
      const parent = b.ref(PARENT_COLLECTIONS[family.parent], parentKey, `${path}/${scenario.parentField}`);
      const fields = scenario.build(entry, (collection, key, at) => b.ref(manifestCollection(collection), key, at), path);
      rows.push({ ...fields, id, parent, createdAt: b.pastTime(1, 20) });
    });
  }
}
