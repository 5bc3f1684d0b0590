/**
 * What must hold after every step of the model test, each a function of the world that throws
 * an Error saying what broke: no 5xx; the export imports back and exports the same text; every
 * reference of the state resolves; a restart on the `--data` file holds the same state.
 */
import { REFERENCES, type StateExport } from '../../../src/scenarios/state-check.ts';
import type { CollectionName } from '../../../src/store/store.ts';
import { exportText, restartedText, type World } from './world.ts';

/** Reference fields by collection: field → the collection its value is an id of. */
export type References = Partial<Record<CollectionName, Record<string, CollectionName>>>;

/**
 * The references that do not resolve in `state`, one line each. Given the importer's list by
 * default; a declaration of the store's references can be passed instead.
 */
export function unresolvedReferences(state: StateExport, references: References = REFERENCES): string[] {
  const ids = new Map<string, Set<string>>();
  const idsOf = (name: CollectionName) => ids.get(name) ?? ids.set(name, new Set(state[name].map((row) => row.id))).get(name)!;
  const out: string[] = [];
  for (const [name, fields] of Object.entries(references)) {
    const rows: readonly object[] = state[name as CollectionName];
    rows.forEach((row, i) => {
      for (const [field, target] of Object.entries(fields)) {
        const value: unknown = Reflect.get(row, field);
        if (value !== undefined && (typeof value !== 'string' || !idsOf(target).has(value))) out.push(`${name}[${i}].${field} "${String(value)}" is not an id of ${target}`);
      }
    });
  }
  return out;
}

/** The 5xx answers since the last check (and forgets them). */
export function noServerErrors(world: World): void {
  const seen = world.serverErrors.splice(0);
  if (seen.length > 0) throw new Error(`5xx answers:\n${seen.join('\n')}`);
}

/** Exports the state, checks its references, imports it back and exports it again: the same text. Keeps it on the world. */
export async function exportImportsBack(world: World): Promise<void> {
  const text = await exportText(world);
  const state = JSON.parse(text) as StateExport;
  const dangling = unresolvedReferences(state);
  if (dangling.length > 0) throw new Error(`references that do not resolve:\n${dangling.join('\n')}`);
  const put = await world.fetch('/__admin/state', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: text });
  if (put.status !== 200) throw new Error(`the export does not import back: PUT /__admin/state answered ${put.status}: ${await put.text()}`);
  const again = await exportText(world);
  if (again !== text) throw new Error(`the export imported back exports other text:\n${firstDifference(text, again)}`);
  world.text = text;
  world.state = state;
}

/** A mock started on a copy of the `--data` file exports what the running one exports. */
export async function restartHoldsState(world: World): Promise<void> {
  const text = await exportText(world);
  const restarted = await restartedText(world);
  if (restarted !== text) throw new Error(`a restart on the --data file holds another state:\n${firstDifference(text, restarted)}`);
}

/** Where two texts first differ, with some context. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `before: …${a.slice(Math.max(0, i - 120), i + 120)}…\nafter:  …${b.slice(Math.max(0, i - 120), i + 120)}…`;
}
