/**
 * What must hold after every step of the model test, each a function of the world that throws
 * an Error saying what broke: no 5xx; the export imports back and exports the same text; every
 * reference of the state resolves; a restart on the `--data` file holds the same state.
 */
import type { StateExport } from '../../../src/scenarios/state-check.ts';
import { referencesOf } from '../../../src/store/references.ts';
import { COLLECTION_NAMES, type CollectionName } from '../../../src/store/store.ts';
import { exportText, restartedText, type World } from './world.ts';

/**
 * The references that do not resolve in `state`, one line each, read from the store's one
 * declaration of references (`src/store/references.ts`); a loose reference may name nothing.
 */
export function unresolvedReferences(state: StateExport): string[] {
  const ids = new Map<string, Set<string>>();
  const idsOf = (name: CollectionName) => ids.get(name) ?? ids.set(name, new Set((state[name] ?? []).map((row) => row.id))).get(name)!;
  const out: string[] = [];
  for (const name of COLLECTION_NAMES) {
    const rows: readonly object[] = state[name] ?? [];
    rows.forEach((row, i) => {
      for (const named of referencesOf(name, row)) {
        if (!named.reference.loose && !idsOf(named.to).has(named.id)) out.push(`${name}[${i}].${named.path} "${named.id}" is not an id of ${named.to}`);
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
