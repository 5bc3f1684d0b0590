/**
 * The rows a table was loaded with (table.ts `load`), as the never-changed bases of its two
 * layered maps: rows by id, and the insertion sequence of each id. A load numbers its rows
 * 1, 2, 3... in order, so one index from id to sequence serves both, the rows kept in an array
 * at sequence - 1.
 *
 * The index is a hash table of sequences in a typed array (open addressing, FNV-1a of the id,
 * at most half full), not a `Map`: `large` loads 100,000 comments, and filling a `Map` with
 * 100,000 fresh ids was most of their import (about 50 ms of 100; the table is filled in
 * about 15, see table.ts `load` for the figures). The table holds no pointers, so the garbage
 * collector never scans it; a lookup hashes the id's characters instead of reading the hash
 * V8 keeps in the string.
 */

/** FNV-1a of the id's characters, as an unsigned 32-bit number. */
function hashOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The last id hashed and its hash: a new id is looked up in every table in turn (is it
 * taken?), and each would hash it again.
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
 * and where each id's sequence sits in a hash table, with the hash beside it so that a probe
 * reads a row only when the hashes match. Filled once, by `claim` in order, then never changed.
 */
export class LoadIndex<T extends { readonly id: string }> {
  private readonly seqs: Int32Array;
  private readonly hashes: Int32Array;
  private readonly mask: number;

  constructor(readonly rows: readonly T[]) {
    let size = 16;
    while (size < rows.length * 2) size *= 2;
    this.seqs = new Int32Array(size);
    this.hashes = new Int32Array(size);
    this.mask = size - 1;
  }

  /** Indexes the row at `position` (each in turn, from 0); false if its id is there already. */
  claim(position: number): boolean {
    const { seqs, hashes, mask, rows } = this;
    const id = rows[position].id;
    const hash = hashed(id) | 0;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const seq = seqs[i];
      if (seq === 0) {
        seqs[i] = position + 1;
        hashes[i] = hash;
        return true;
      }
      if (hashes[i] === hash && rows[seq - 1].id === id) return false;
    }
  }

  /** The sequence of `id` (its row is at sequence - 1), or undefined. */
  seq(id: string): number | undefined {
    const { seqs, hashes, mask, rows } = this;
    if (rows.length === 0) return undefined;
    const hash = hashed(id) | 0;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const seq = seqs[i];
      if (seq === 0) return undefined;
      if (hashes[i] === hash && rows[seq - 1].id === id) return seq;
    }
  }
}

/** The rows of a load by id, in their order. */
export class LoadedRows<T extends { readonly id: string }> implements ReadonlyMap<string, T> {
  constructor(private readonly index: LoadIndex<T>) {}

  get size(): number {
    return this.index.rows.length;
  }

  get(id: string): T | undefined {
    const seq = this.index.seq(id);
    return seq === undefined ? undefined : this.index.rows[seq - 1];
  }

  has(id: string): boolean {
    return this.index.seq(id) !== undefined;
  }

  *keys(): MapIterator<string> {
    for (const row of this.index.rows) yield row.id;
  }

  values(): MapIterator<T> {
    return this.index.rows.values();
  }

  *entries(): MapIterator<[string, T]> {
    for (const row of this.index.rows) yield [row.id, row];
  }

  [Symbol.iterator](): MapIterator<[string, T]> {
    return this.entries();
  }

  forEach(fn: (row: T, id: string, map: ReadonlyMap<string, T>) => void): void {
    for (const row of this.index.rows) fn(row, row.id, this);
  }
}

/** The insertion sequence of each row of a load, by id, in their order. */
export class LoadedSeqs implements ReadonlyMap<string, number> {
  constructor(private readonly index: LoadIndex<{ readonly id: string }>) {}

  get size(): number {
    return this.index.rows.length;
  }

  get(id: string): number | undefined {
    return this.index.seq(id);
  }

  has(id: string): boolean {
    return this.index.seq(id) !== undefined;
  }

  *keys(): MapIterator<string> {
    for (const row of this.index.rows) yield row.id;
  }

  *values(): MapIterator<number> {
    for (let seq = 1; seq <= this.index.rows.length; seq++) yield seq;
  }

  *entries(): MapIterator<[string, number]> {
    let seq = 0;
    for (const row of this.index.rows) yield [row.id, ++seq];
  }

  [Symbol.iterator](): MapIterator<[string, number]> {
    return this.entries();
  }

  forEach(fn: (seq: number, id: string, map: ReadonlyMap<string, number>) => void): void {
    let seq = 0;
    for (const row of this.index.rows) fn(++seq, row.id, this);
  }
}
