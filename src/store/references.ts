/**
 * What each collection's records point at, and what removing the record pointed at does to
 * them (as @mswjs/data's relations with `onDelete`), read from the collections' declarations
 * (collections/: `references`, and define.ts for what `cascade`, `clear` and `retain` do). The
 * state importer checks every reference they name (scenarios/state-check.ts) and every removal
 * goes through `removeWithDependents` (removal.ts), so an export always imports back.
 */
import { COLLECTIONS, isCollectionName } from './collections/index.ts';
import type { OnDelete } from './collections/define.ts';
import type { CollectionName } from './store.ts';

/** A reference seen apart from its collection's record type (for walks over every collection). */
export interface DeclaredReference {
  field?: PropertyKey;
  in?: PropertyKey;
  key?: PropertyKey;
  to: string | { pick(row: object): string | undefined }['pick'];
  onDelete: OnDelete;
  clearTo?: null;
  loose?: true;
}

/** One id a record names: where (`path`, e.g. `target.siteId`), into which collection, and what a removal does. */
export interface NamedId {
  path: string;
  to: CollectionName;
  id: string;
  reference: DeclaredReference;
}

/** Every collection's references, seen apart from its record type (the list checks their targets when it loads: collections/index.ts). */
const REFERENCES = new Map<string, readonly DeclaredReference[]>(COLLECTIONS.map((declaration) => [declaration.name, declaration.references]));

/** The references declared for `collection` (none: it points at nothing). */
export function referencesFrom(collection: CollectionName): readonly DeclaredReference[] {
  return REFERENCES.get(collection) ?? [];
}

/** Every id `row` names by `reference` (none when the field is absent). */
export function idsNamed(row: object, reference: DeclaredReference): NamedId[] {
  const to = typeof reference.to === 'function' ? reference.to(row) : reference.to;
  if (to === undefined || !isCollectionName(to)) return [];
  const value = reference.in === undefined ? Reflect.get(row, reference.field ?? 'id') : nested(row, reference.in, reference.key ?? 'id');
  const ids: unknown[] = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return ids.map((id) => ({ path: pathOf(reference), to, id: String(id), reference }));
}

/** Where a reference is in its record: `field`, or `in.key`. */
export function pathOf(reference: DeclaredReference): string {
  return reference.in === undefined ? String(reference.field) : `${String(reference.in)}.${String(reference.key)}`;
}

/** The `key` of the object the record holds at `field`, or of each object of the list it holds there. */
function nested(row: object, field: PropertyKey, key: PropertyKey): unknown {
  const holder: unknown = Reflect.get(row, field);
  if (Array.isArray(holder)) return holder.map((item: unknown) => (typeof item === 'object' && item !== null ? Reflect.get(item, key) : undefined)).filter((id) => id !== undefined && id !== null);
  return typeof holder === 'object' && holder !== null ? Reflect.get(holder, key) : undefined;
}

/** Every id `row` of `collection` names, by every reference declared for it. */
export function referencesOf(collection: CollectionName, row: object): NamedId[] {
  return referencesFrom(collection).flatMap((reference) => idsNamed(row, reference));
}
