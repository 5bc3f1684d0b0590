/**
 * The rows a table was loaded with (table.ts `load`), as the never-changed bases of its two
 * layered maps: rows by id, and the insertion sequence of each id. A load numbers its rows
 * 1, 2, 3... in order, so one map from id to sequence serves both, the rows kept in an array
 * at sequence - 1: one map of 100,000 ids less for `large`'s comments (table.ts `load`).
 */

/** The map from id to sequence, and the rows by sequence - 1. Neither is changed after the load. */
export interface Loaded<T> {
  readonly seqs: ReadonlyMap<string, number>;
  readonly rows: readonly T[];
}

/** The rows of a load by id, in their order. */
export class LoadedRows<T extends { readonly id: string }> implements ReadonlyMap<string, T> {
  constructor(private readonly loaded: Loaded<T>) {}

  get size(): number {
    return this.loaded.rows.length;
  }

  get(id: string): T | undefined {
    const seq = this.loaded.seqs.get(id);
    return seq === undefined ? undefined : this.loaded.rows[seq - 1];
  }

  has(id: string): boolean {
    return this.loaded.seqs.has(id);
  }

  keys(): MapIterator<string> {
    return this.loaded.seqs.keys();
  }

  values(): MapIterator<T> {
    return this.loaded.rows.values();
  }

  *entries(): MapIterator<[string, T]> {
    for (const row of this.loaded.rows) yield [row.id, row];
  }

  [Symbol.iterator](): MapIterator<[string, T]> {
    return this.entries();
  }

  forEach(fn: (row: T, id: string, map: ReadonlyMap<string, T>) => void): void {
    for (const row of this.loaded.rows) fn(row, row.id, this);
  }
}
