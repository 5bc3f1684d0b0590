/**
 * The one "not found" lookup: a row by id that must belong where the path puts it (its
 * organization, site, spec, comment...). A missing row and a row of another owner answer
 * the same 404, so an id from elsewhere reveals nothing.
 */
import { errors } from '../../contract/errors.ts';

/** Anything rows can be read from by id (a store table). */
export interface ById<R> {
  get(id: string): R | undefined;
}

/** The row `id` of `table` if `belongs` accepts it; undefined otherwise. */
export function findIn<R>(table: ById<R>, id: string, belongs: (row: R) => boolean): R | undefined {
  const row = table.get(id);
  return row !== undefined && belongs(row) ? row : undefined;
}

/** The row `id` of `table` if `belongs` accepts it; otherwise the catalogue's 404 naming `what` and `id`. */
export function findOrThrow<R>(table: ById<R>, id: string, what: string, belongs: (row: R) => boolean = () => true): R {
  const row = findIn(table, id, belongs);
  if (row === undefined) throw errors.notFound(what, id);
  return row;
}

/**
 * `map.get(key)` where the caller put `key` there itself (the role of each space it listed):
 * an error naming `what` and the key if it is not, rather than an undefined read on.
 */
export function known<K, V>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`${what} ${String(key)} is not known here`);
  return value;
}
