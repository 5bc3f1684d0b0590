/**
 * The reference declaration (src/store/references.ts) names every field that holds an id:
 * walking every record of every built-in scenario, a field (or a key of an object a record
 * holds, or an item of a list) whose value is the id of a record of the state must be declared,
 * or be one of the few listed here with the reason it is not a reference the store keeps.
 */
import { describe, expect, it } from 'vitest';
import { createMock } from '../../../src/app.ts';
import { referencesFrom, pathOf } from '../../../src/store/references.ts';
import { COLLECTION_NAMES } from '../../../src/store/store.ts';

/** Fields that hold an id the store does not keep as a reference, and why. */
const NOT_REFERENCES: Record<string, string> = {
  // A generic record's parent is the innermost path parameter of its family, of any collection or none.
  'officialRecords.parent': 'generic',
  // Fields of a generic record are what its official object shows; a scenario's `refs` put ids of
  // other records there (a finding's scan and topic), which a removal leaves as they are.
  'officialRecords.fields.scan': 'generic fields',
  'officialRecords.fields.topic': 'generic fields',
  'officialRecords.fields.connection': 'generic fields',
  'officialRecords.fields.changeRequest': 'generic fields',
  // An integration event names the installation it was sent for.
  'officialRecords.fields.installationId': 'generic fields',
  // A space's Git info names its Git Sync installation where a scenario made one, else an id a Git import made up.
  'spaces.gitSync.installationId': 'git info',
};

const builtIn = createMock({ scenario: 'empty' }).runtime.catalog.list().filter((s) => s.name !== 'large');

/** Each place in `row` that holds a string: `field`, `field.key`, with the strings there. */
function places(row: object): [string, string[]][] {
  const found: [string, string[]][] = [];
  for (const [field, value] of Object.entries(row)) {
    if (field === 'id') continue;
    if (typeof value === 'string') found.push([field, [value]]);
    else if (Array.isArray(value)) found.push([field, value.filter((v): v is string => typeof v === 'string')]);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) if (typeof inner === 'string') found.push([`${field}.${key}`, [inner]]);
    }
  }
  return found;
}

describe.each(builtIn.map((s) => [s.name]))('on scenario %s', (name) => {
  it('every field holding an id of the state is a declared reference', () => {
    const state = createMock({ scenario: name }).runtime.store.export();
    const ids = new Set(COLLECTION_NAMES.flatMap((c) => state[c].map((row) => row.id)));
    const undeclared = new Set<string>();
    for (const collection of COLLECTION_NAMES) {
      const declared = new Set(referencesFrom(collection).map(pathOf));
      for (const row of state[collection] as object[]) {
        for (const [path, values] of places(row)) {
          const where = `${collection}.${path}`;
          if (values.some((v) => ids.has(v)) && !declared.has(path) && !(where in NOT_REFERENCES)) undeclared.add(where);
        }
      }
    }
    expect([...undeclared]).toEqual([]);
  });
});

