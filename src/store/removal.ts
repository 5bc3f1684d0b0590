/**
 * Removing a record with what points at it, as the reference declaration says
 * (references.ts): records that belong to it go too (and what belongs to them), references
 * that are only preferences are cleared, and a record an author reference holds is kept. One
 * helper for every delete of the API, so no family can leave a reference behind.
 */
import { COLLECTION_NAMES, type CollectionName, type Tables } from './store.ts';
import { idsNamed, referencesFrom, type DeclaredReference } from './references.ts';
import type { AnyTable, Row } from './table.ts';

/** `collection`'s table seen as any table. */
function tableOf(db: Tables, collection: CollectionName): AnyTable {
  return db[collection];
}

/** The references that may name a record of one of `targets`, each once, with the collection they are declared in. */
function pointingAt(targets: Iterable<CollectionName>): Map<DeclaredReference, CollectionName> {
  const wanted = new Set<string>(targets);
  const found = new Map<DeclaredReference, CollectionName>();
  for (const from of COLLECTION_NAMES) {
    for (const r of referencesFrom(from)) if (typeof r.to === 'function' || wanted.has(r.to)) found.set(r, from);
  }
  return found;
}

/** The ids of each collection a removal takes. */
type Doomed = Map<CollectionName, Set<string>>;

function isDoomed(doomed: Doomed, collection: CollectionName, id: string): boolean {
  return doomed.get(collection)?.has(id) === true;
}

/** Whether a record still names `id` of `collection` by an author reference (`retain`). */
function retained(db: Tables, collection: CollectionName, id: string): boolean {
  for (const [reference, from] of pointingAt([collection])) {
    if (reference.onDelete !== 'retain') continue;
    for (const row of tableOf(db, from).all()) {
      if (idsNamed(row, reference).some((named) => named.to === collection && named.id === id)) return true;
    }
  }
  return false;
}

/** Every record the removal of `id` takes, by collection: it, then what cascades from it. */
function doomedBy(db: Tables, collection: CollectionName, id: string): Doomed {
  const doomed: Doomed = new Map([[collection, new Set([id])]]);
  let frontier: [CollectionName, string][] = [[collection, id]];
  while (frontier.length > 0) {
    const next: [CollectionName, string][] = [];
    for (const [reference, from] of pointingAt(frontier.map(([c]) => c))) {
      if (reference.onDelete !== 'cascade') continue;
      for (const row of tableOf(db, from).all()) {
        if (isDoomed(doomed, from, row.id)) continue;
        if (!idsNamed(row, reference).some((named) => isDoomed(doomed, named.to, named.id))) continue;
        doomed.set(from, (doomed.get(from) ?? new Set()).add(row.id));
        next.push([from, row.id]);
      }
    }
    frontier = next;
  }
  return doomed;
}

/** The patch that takes out of `row` what `reference` names among the removed records (null: it names none). */
function cleared(row: Row, reference: DeclaredReference, doomed: Doomed): { [field: string]: unknown } | null {
  const gone = idsNamed(row, reference).filter((named) => isDoomed(doomed, named.to, named.id));
  if (gone.length === 0) return null;
  if (reference.in !== undefined) return { [String(reference.in)]: reference.clearTo };
  const field = String(reference.field);
  const value: unknown = Reflect.get(row, field);
  if (!Array.isArray(value)) return { [field]: undefined };
  const kept = value.filter((id) => !gone.some((named) => named.id === id));
  return { [field]: kept.length > 0 ? kept : undefined };
}

/**
 * Removes record `id` of `collection` and applies every `onDelete` that names it, transitively.
 * A record an author reference holds (`retain`) stays, with what belongs to it. Call it in
 * a transaction: a write that throws afterwards undoes it whole.
 */
export function removeWithDependents(db: Tables, collection: CollectionName, id: string): void {
  if (!tableOf(db, collection).get(id)) return;
  if (retained(db, collection, id)) return;
  const doomed = doomedBy(db, collection, id);
  for (const [reference, from] of pointingAt(doomed.keys())) {
    if (reference.onDelete !== 'clear') continue;
    const table = tableOf(db, from);
    for (const row of [...table.all()]) {
      if (isDoomed(doomed, from, row.id)) continue;
      const patch = cleared(row, reference, doomed);
      if (patch) table.update(row.id, patch);
    }
  }
  for (const [from, ids] of doomed) for (const gone of ids) tableOf(db, from).delete(gone);
}
