/**
 * The rows a table was loaded with (table.ts `load`), as the never-changed bases of its two
 * layered maps: rows by id, and the insertion sequence of each id. A load numbers its rows
 * 1, 2, 3... in order, so one index from id to sequence serves both, the rows kept in an array
 * at sequence - 1.
 *
 * The index is a hash table of sequences in a typed array (open addressing, FNV-1a of the id,
 * at most half full), not a `Map`: `large` loads 100,000 comments, and filling a `Map` with
 * 100,000 fresh ids was about half of their import (table.ts `load` has the figures). The
 * table holds no pointers, so the garbage collector never scans it; a lookup hashes the id's
 * characters instead of reading the hash V8 keeps in the string. Each sequence and its hash
 * share a cache line: in two arrays, a probe missed the cache twice (the comments' import
 * took 38-42 ms so, 33-40 in one array, best of 10).
 */

/**
 * The rows of a load by position, 0 first: an array of rows (`LoadIndex`), rows made when first
 * read (generated-rows.ts), or the two one after the other. A load numbers its rows from 1 in
 * this order, so a row's sequence is its position plus one.
 */
export interface Positions<T extends { readonly id: string }> {
  readonly length: number;
  /** The row at `position` (below `length`), the same object each time. */
  at(position: number): T;
  /** Its id (a generated row is not made for it). */
  idAt(position: number): string;
  /** The position of the row with `id`, or -1. */
  positionOf(id: string): number;
}

/** FNV-1a of the id's characters, as an unsigned 32-bit number. */
function hashOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The last id hashed and its hash: one id is often looked up several times in a row (an
 * insert looks for it, then a read or an update of the row it made), and each would hash it
 * again.
 */
let lastId = '';
let lastHash = hashOf('');

function hashed(id: string): number {
  if (id !== lastId) {
    lastId = id;
    lastHash = hashOf(id);
  }
  return lastHash;
}

/**
 * The rows of a load in their order (the array the load was given, the table's from then on)
 * and where each id's sequence sits in a hash table, with the id's hash beside it (in the
 * next cell, on the same cache line) so that a probe reads a row only when the hashes match.
 * Filled once, by `claim` in order, then never changed.
 */
export class LoadIndex<T extends { readonly id: string }> implements Positions<T> {
  /** Pairs of cells: a sequence (0: an empty slot) and the hash of its row's id. */
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(readonly rows: readonly T[]) {
    let size = 16;
    while (size < rows.length * 2) size *= 2;
    this.slots = new Int32Array(size * 2);
    this.mask = size - 1;
  }

  /** Indexes the row at `position` (each in turn, from 0); false if its id is there already. */
  claim(position: number): boolean {
    const { slots, mask, rows } = this;
    const id = rows[position].id;
    const hash = hashed(id) | 0;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const seq = slots[2 * i];
      if (seq === 0) {
        slots[2 * i] = position + 1;
        slots[2 * i + 1] = hash;
        return true;
      }
      if (slots[2 * i + 1] === hash && rows[seq - 1].id === id) return false;
    }
  }

  /** The sequence of `id` (its row is at sequence - 1), or undefined. */
  seq(id: string): number | undefined {
    const { slots, mask, rows } = this;
    if (rows.length === 0) return undefined;
    const hash = hashed(id) | 0;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const seq = slots[2 * i];
      if (seq === 0) return undefined;
      if (slots[2 * i + 1] === hash && rows[seq - 1].id === id) return seq;
    }
  }

  get length(): number {
    return this.rows.length;
  }

  at(position: number): T {
    return this.rows[position];
  }

  idAt(position: number): string {
    return this.rows[position].id;
  }

  positionOf(id: string): number {
    return (this.seq(id) ?? 0) - 1;
  }
}

/** The rows of a load by id, in their order. */
export class LoadedRows<T extends { readonly id: string }> implements ReadonlyMap<string, T> {
  constructor(private readonly positions: Positions<T>) {}

  get size(): number {
    return this.positions.length;
  }

  get(id: string): T | undefined {
    const position = this.positions.positionOf(id);
    return position < 0 ? undefined : this.positions.at(position);
  }

  has(id: string): boolean {
    return this.positions.positionOf(id) >= 0;
  }

  *keys(): MapIterator<string> {
    const { positions } = this;
    for (let p = 0; p < positions.length; p++) yield positions.idAt(p);
  }

  values(): MapIterator<T> {
    // A load of rows alone iterates its array (no generator to step through).
    return this.positions instanceof LoadIndex ? this.positions.rows.values() : this.madeValues();
  }

  private *madeValues(): MapIterator<T> {
    const { positions } = this;
    for (let p = 0; p < positions.length; p++) yield positions.at(p);
  }

  *entries(): MapIterator<[string, T]> {
    const { positions } = this;
    for (let p = 0; p < positions.length; p++) {
      const row = positions.at(p);
      yield [row.id, row];
    }
  }

  [Symbol.iterator](): MapIterator<[string, T]> {
    return this.entries();
  }

  forEach(fn: (row: T, id: string, map: ReadonlyMap<string, T>) => void): void {
    for (const [id, row] of this.entries()) fn(row, id, this);
  }
}

/** The insertion sequence of each row of a load, by id, in their order. */
export class LoadedSeqs implements ReadonlyMap<string, number> {
  constructor(private readonly positions: Positions<{ readonly id: string }>) {}

  get size(): number {
    return this.positions.length;
  }

  get(id: string): number | undefined {
    const position = this.positions.positionOf(id);
    return position < 0 ? undefined : position + 1;
  }

  has(id: string): boolean {
    return this.positions.positionOf(id) >= 0;
  }

  *keys(): MapIterator<string> {
    const { positions } = this;
    for (let p = 0; p < positions.length; p++) yield positions.idAt(p);
  }

  *values(): MapIterator<number> {
    for (let seq = 1; seq <= this.positions.length; seq++) yield seq;
  }

  *entries(): MapIterator<[string, number]> {
    const { positions } = this;
    for (let p = 0; p < positions.length; p++) yield [positions.idAt(p), p + 1];
  }

  [Symbol.iterator](): MapIterator<[string, number]> {
    return this.entries();
  }

  forEach(fn: (seq: number, id: string, map: ReadonlyMap<string, number>) => void): void {
    for (const [id, seq] of this.entries()) fn(seq, id, this);
  }
}
