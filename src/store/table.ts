/**
 * One collection of the store: rows by id, in insertion order, with secondary indexes
 * that keep the ids of each key in insertion order too. Rows are immutable: `update`
 * replaces a row with a new object. Snapshots are copy-on-write: taking or restoring one
 * shares its maps. Rows and their order stay in the snapshot's maps, with this table's
 * writes layered on top (layered-map.ts); the index buckets, small, are copied before the
 * next write. So a session forked from a scenario costs nothing, and its first write little.
 */
import { LayeredMap } from './layered-map.ts';
import { nextVersion } from './versions.ts';
import { LoadIndex, LoadedRows, LoadedSeqs } from './loaded-rows.ts';
import { JoinedPositions, MadeRows, PendingBuckets, type RowMaker } from './generated-rows.ts';
import type { IdIndex } from './id-index.ts';

export interface Row {
  readonly id: string;
}

export type IndexKeys<T> = Record<string, (row: T) => string | null | undefined>;

/** A read-only, ordered view of rows, addressed by position (see paginate). */
export interface RowView<T> {
  readonly length: number;
  at(position: number): T;
  /** A key that orders the view ascending and never repeats (the insertion sequence). */
  keyAt(position: number): number;
}

export interface TableSnapshot<T extends Row> {
  rows: ReadonlyMap<string, T>;
  seqs: ReadonlyMap<string, number>;
  buckets: Map<string, Map<string, string[]>>;
  /** The buckets of generated rows not worked out yet (generated-rows.ts); `buckets` then has the listed rows' alone. */
  pending: PendingBuckets<T> | undefined;
  /** Whether the rows include generated ones (see `Table.generated`). */
  generated: boolean;
  nextSeq: number;
}

/**
 * A table seen through what every table shares, whatever its rows: whole-store work
 * (snapshots, transactions, import, replaying the data file, an edited record) goes through it.
 */
export interface AnyTable {
  readonly name: string;
  get(id: string): Row | undefined;
  has(id: string): boolean;
  existing(id: string): Row;
  list(): Row[];
  insert(row: Row): Row;
  upsert(row: Row): void;
  update(id: string, patch: { readonly [field: string]: unknown }): Row;
  all(): IterableIterator<Row>;
  delete(id: string): boolean;
  clear(): void;
  load(rows: readonly Row[], generated?: RowMaker<Row>): void;
  enlist(transaction: Transaction, ids?: IdIndex): void;
  readonly generated: boolean;
  commit(): { undo: (() => void)[]; touched: Touched<Row> };
  rollback(): void;
  snapshot(): TableSnapshot<Row>;
  restore(snapshot: TableSnapshot<Row>): void;
}

const EMPTY: readonly string[] = Object.freeze([]);

/**
 * The transaction of a store, shared by its tables (store.ts `tentative`): while it is open, a
 * table starts recording its undo steps at its first write and joins `written`, so a request
 * pays for the tables it writes, not for every table of the store (a comment posted wrote 1 or
 * 2 of 60 tables; beginning and committing all of them was 60 arrays and maps a write).
 */
export interface Transaction {
  open: boolean;
  written: AnyTable[];
}

/**
 * The ids a transaction wrote in one table, each with the row it had before its first write
 * there (undefined: inserted), in the order first written. Two lists, and a set to tell a
 * second write of an id only past a few ids: a transaction mostly writes one row a table (a
 * comment, its audit event), for which a map was the largest thing the write made.
 */
export class Touched<T> {
  readonly ids: string[] = [];
  readonly before: (T | undefined)[] = [];
  private seen: Set<string> | undefined;

  /** Notes a write of `id`, whose row was `before`; a later write of the same id keeps the first. */
  note(id: string, before: T | undefined): void {
    if (this.seen ? this.seen.has(id) : this.ids.includes(id)) return;
    this.ids.push(id);
    this.before.push(before);
    if (this.seen) this.seen.add(id);
    else if (this.ids.length > 8) this.seen = new Set(this.ids);
  }
}

/**
 * The tables read while a cache computes a value (src/cache/caches.ts), if one is computing:
 * every read method notes its table here, so a kept value knows what it depends on without
 * anyone listing it. Synchronous code only, like the transactions.
 */
let reading: Set<Versioned> | undefined;

/** What a cache keeps of a table it read: its version (see `Table.version`). */
export interface Versioned {
  readonly version: number;
}

/** Runs `fn`, returning its result and the tables it read (nested runs pass theirs outwards). */
export function readsOf<V>(fn: () => V): { value: V; tables: Set<Versioned> } {
  const outer = reading;
  const tables = new Set<Versioned>();
  reading = tables;
  try {
    return { value: fn(), tables };
  } finally {
    reading = outer;
    if (outer) for (const table of tables) outer.add(table);
  }
}

/** Notes reads already made (a kept value's tables) in the run under way, if any. */
export function noteReads(tables: readonly Versioned[]): void {
  if (reading) for (const table of tables) reading.add(table);
}

export class Table<T extends Row> {
  private rows = new LayeredMap<T>();
  private seqs = new LayeredMap<number>();
  private buckets = new Map<string, Map<string, string[]>>();
  /** Set by a load with generated rows until their buckets are needed (see `resolved`). */
  private pending: PendingBuckets<T> | undefined;
  private nextSeq = 1;
  /** Whether the buckets are shared with a snapshot (copied before a write). */
  private shared = false;
  /** Changes with every write, undo or restore, so a derived value can tell it is stale. */
  private changes = nextVersion();
  /** Undo steps of the open transaction since this table's first write in it (see Store.tentative). */
  private journal: (() => void)[] | undefined;
  /** The store's transaction, which this table joins at its first write while it is open. */
  private transaction: Transaction | undefined;
  /**
   * Ids the open transaction wrote (what the `--data` journal records), each with its row
   * before the transaction's first write to it (undefined: inserted), which events compare.
   */
  private touched: Touched<T> | undefined;
  private readonly indexes: [string, (row: T) => string | null | undefined][];
  /** The store's index of every id (id-index.ts), which this table keeps: its ids counted there unless `generated`. */
  private ids: IdIndex | undefined;
  private hasGenerated = false;

  constructor(
    readonly name: string,
    indexKeys: IndexKeys<T> = {},
  ) {
    this.indexes = Object.entries(indexKeys);
    for (const [index] of this.indexes) this.buckets.set(index, new Map());
  }

  get version(): number {
    return this.changes;
  }

  /** Whether the rows include rows of a generator (a load's `generated`): the store's index of ids asks this table for them rather than count them. */
  get generated(): boolean {
    return this.hasGenerated;
  }

  /** The id counted in the store's index of ids, or uncounted (`by` -1), as a row comes or goes. */
  private count(id: string, by: 1 | -1): void {
    if (this.ids === undefined || this.hasGenerated) return;
    if (by === 1) this.ids.add(id);
    else this.ids.remove(id);
  }

  /** Notes this table in the cache computation under way (see `readsOf`). */
  private read(): void {
    if (reading !== undefined) reading.add(this);
  }

  get size(): number {
    this.read();
    return this.rows.size;
  }

  get(id: string): T | undefined {
    this.read();
    return this.rows.get(id);
  }

  /**
   * The row of `id`, which the caller knows is there (an id just read from an index, a
   * reference the state check keeps); an error, not undefined, if it is not.
   */
  existing(id: string): T {
    this.read();
    return this.stored(id);
  }

  has(id: string): boolean {
    this.read();
    return this.rows.has(id);
  }

  /** A row the table's own bookkeeping (an index, the id list of a view) says is there. */
  private stored(id: string): T {
    const row = this.rows.get(id);
    if (row === undefined) throw new Error(`${this.name}: no row ${id}`);
    return row;
  }

  /** The insertion sequence of a row that is there. */
  private seqAt(id: string): number {
    const seq = this.seqs.get(id);
    if (seq === undefined) throw new Error(`${this.name}: no sequence for ${id}`);
    return seq;
  }

  all(): IterableIterator<T> {
    this.read();
    return this.rows.values();
  }

  /** Every row, in insertion order, as an array (a copy: use for small tables only). */
  list(): T[] {
    this.read();
    return [...this.rows.values()];
  }

  find(predicate: (row: T) => boolean): T | undefined {
    this.read();
    for (const row of this.rows.values()) if (predicate(row)) return row;
    return undefined;
  }

  filter(predicate: (row: T) => boolean): T[] {
    this.read();
    const out: T[] = [];
    for (const row of this.rows.values()) if (predicate(row)) out.push(row);
    return out;
  }

  insert(row: T): T {
    // A new id the index found free just before needs no second look (id-index.ts `takesFree`).
    if (!this.ids?.takesFree(row.id) && this.rows.has(row.id)) throw new Error(`${this.name}: duplicate id ${row.id}`);
    this.own();
    const frozen = Object.freeze(row);
    this.changes = nextVersion();
    // New to both maps (the check above; the sequences have the rows' ids).
    this.rows.add(row.id, frozen);
    this.seqs.add(row.id, this.nextSeq++);
    this.count(row.id, 1);
    for (const [index, keyOf] of this.indexes) {
      const key = keyOf(frozen);
      if (key != null) this.bucketFor(index, key, true).push(row.id);
    }
    this.recorder()?.push(() => this.remove(row.id));
    this.touch(row.id, undefined);
    return frozen;
  }

  /** Replaces the row with `{ ...row, ...patch }`; keys set to undefined are removed. */
  update(id: string, patch: Partial<T>): T {
    const old = this.rows.get(id);
    if (!old) throw new Error(`${this.name}: no row ${id}`);
    const next = { ...old, ...patch } as T;
    for (const key of Object.keys(patch)) {
      if ((patch as Record<string, unknown>)[key] === undefined) delete (next as Record<string, unknown>)[key];
    }
    const frozen = this.put(old, Object.freeze(next));
    this.recorder()?.push(() => this.put(frozen, old));
    this.touch(id, old);
    return frozen;
  }

  /** Swaps row `old` for `next` (same id), moving it between index buckets as needed. */
  private put(old: T, next: T): T {
    this.own();
    for (const [index, keyOf] of this.indexes) {
      const before = keyOf(old);
      const after = keyOf(next);
      if (before === after) continue;
      if (before != null) this.unbucket(index, before, old.id);
      if (after != null) this.bucketIn(index, after, old.id);
    }
    this.changes = nextVersion();
    this.rows.set(old.id, next);
    return next;
  }

  delete(id: string): boolean {
    const old = this.rows.get(id);
    if (!old) return false;
    const seq = this.seqAt(id);
    const places = this.remove(id);
    this.touch(id, old);
    this.recorder()?.push(() => {
      this.own();
      this.changes = nextVersion();
      this.putBack(old, seq);
      for (const [index, key] of places) this.bucketIn(index, key, id);
    });
    return true;
  }

  /**
   * Puts a deleted row back at its place in insertion order: a map appends what is set again,
   * and `view()` follows the map's order, which pagination needs ascending. Only an undone
   * delete comes here, so rebuilding the map (and no longer sharing a snapshot's base) is rare.
   */
  private putBack(row: T, seq: number): void {
    this.seqs.set(row.id, seq);
    this.count(row.id, 1);
    const rows = new LayeredMap<T>();
    let placed = false;
    for (const [id, current] of this.rows.entries()) {
      if (!placed && (this.seqs.get(id) ?? 0) > seq) {
        rows.set(row.id, row);
        placed = true;
      }
      rows.set(id, current);
    }
    if (!placed) rows.set(row.id, row);
    this.rows = rows;
  }

  /** Notes that the open transaction wrote `id`, keeping the row it had first. */
  private touch(id: string, before: T | undefined): void {
    this.recorder();
    this.touched?.note(id, before);
  }

  /** The undo steps of the open transaction: begun at this table's first write in it, which joins the table to it. */
  private recorder(): (() => void)[] | undefined {
    if (this.journal || !this.transaction?.open) return this.journal;
    this.touched = new Touched();
    this.transaction.written.push(this);
    return (this.journal = []);
  }

  /**
   * Makes this table record its writes while `transaction` is open (`rollback` replays them,
   * `commit` forgets them), and keep the count of its ids in `ids`, the store's index of them.
   */
  enlist(transaction: Transaction, ids?: IdIndex): void {
    this.transaction = transaction;
    this.ids = ids;
  }

  /** Stops recording; returns the undo steps (newest last) and the ids written, with their rows before. */
  commit(): { undo: (() => void)[]; touched: Touched<T> } {
    const result = { undo: this.journal ?? [], touched: this.touched ?? new Touched<T>() };
    this.journal = undefined;
    this.touched = undefined;
    return result;
  }

  /** Puts `row` in place of the row with its id, or appends it (replaying the `--data` journal). */
  upsert(row: T): void {
    const old = this.rows.get(row.id);
    if (old) this.put(old, Object.freeze(row));
    else this.insert(row);
  }

  rollback(): void {
    const journal = this.journal ?? [];
    this.journal = undefined;
    this.touched = undefined;
    for (let i = journal.length - 1; i >= 0; i--) journal[i]();
  }

  /** Removes the row; returns the index keys it had, for an undo to put it back. */
  private remove(id: string): [string, string][] {
    this.own();
    const old = this.stored(id);
    const places: [string, string][] = [];
    for (const [index, keyOf] of this.indexes) {
      const key = keyOf(old);
      if (key != null && this.unbucket(index, key, id)) places.push([index, key]);
    }
    this.changes = nextVersion();
    this.rows.delete(id);
    this.seqs.delete(id);
    this.count(id, -1);
    return places;
  }

  /** The ids whose index `index` has key `key`, in insertion order. Do not mutate. */
  idsBy(index: string, key: string): readonly string[] {
    this.read();
    this.resolved();
    return this.bucketFor(index, key, false) ?? EMPTY;
  }

  /** The rows whose index `index` has key `key`, in insertion order (a copy). */
  by(index: string, key: string): T[] {
    return this.idsBy(index, key).map((id) => this.stored(id));
  }

  countBy(index: string, key: string): number {
    return this.pending ? this.pendingView(this.pending, index, key).length : this.idsBy(index, key).length;
  }

  /** A positional view of the rows of one index key, for pagination without copying. */
  viewBy(index: string, key: string): RowView<T> {
    if (this.pending) return this.pendingView(this.pending, index, key);
    const ids = this.idsBy(index, key);
    return {
      length: ids.length,
      at: (i) => this.stored(ids[i]),
      keyAt: (i) => this.seqAt(ids[i]),
    };
  }

  /**
   * The view of a key while the generated rows' buckets are pending: the listed rows' ids, then
   * the generated rows' positions. Nothing was written since the load (a write resolves them),
   * so the rows are the load's and a row's sequence is its position plus one.
   */
  private pendingView(pending: PendingBuckets<T>, index: string, key: string): RowView<T> {
    this.read();
    const ids = this.bucketFor(index, key, false) ?? EMPTY;
    const positions = pending.positionsOf(index, key);
    const first = ids.length;
    return {
      length: first + positions.length,
      at: (i) => (i < first ? this.stored(ids[i]) : pending.rows.at(positions[i - first])),
      keyAt: (i) => (i < first ? this.seqAt(ids[i]) : positions[i - first] + 1),
    };
  }

  /** The buckets of every row, generated ones included: worked out once per load, shared with whoever restored it. */
  private resolved(): void {
    if (!this.pending) return;
    this.buckets = this.pending.buckets();
    this.pending = undefined;
    this.shared = true;
  }

  /** A positional view of every row, in insertion order (the array is built once per call). */
  view(): RowView<T> {
    this.read();
    const ids = [...this.rows.keys()];
    return {
      length: ids.length,
      at: (i) => this.stored(ids[i]),
      keyAt: (i) => this.seqAt(ids[i]),
    };
  }

  /** A view over rows the caller has already selected and put in insertion order. */
  viewOf(rows: readonly T[]): RowView<T> {
    this.read();
    return { length: rows.length, at: (i) => rows[i], keyAt: (i) => this.seqAt(rows[i].id) };
  }

  seqOf(id: string): number | undefined {
    this.read();
    return this.seqs.get(id);
  }

  /** The table as it is now; shared until either side writes. Never mutate the result. */
  snapshot(): TableSnapshot<T> {
    this.shared = true;
    return { rows: this.rows.freeze(), seqs: this.seqs.freeze(), buckets: this.buckets, pending: this.pending, generated: this.hasGenerated, nextSeq: this.nextSeq };
  }

  restore(snapshot: TableSnapshot<T>): void {
    this.changes = nextVersion();
    this.rows = new LayeredMap(snapshot.rows);
    this.seqs = new LayeredMap(snapshot.seqs);
    this.buckets = snapshot.buckets;
    this.pending = snapshot.pending;
    this.hasGenerated = snapshot.generated;
    this.nextSeq = snapshot.nextSeq;
    this.shared = true;
  }

  /**
   * Every row replaced with `rows`, in their order: what `clear` then `insert` of each row does,
   * with the maps built at once: a table filled from nothing needs none of the layered maps'
   * lookups, eight a row, nor a bucket lookup per index and row. Importing `large` (118,000
   * rows) took 185 ms of CPU row by row, 147 ms so (best of 6, issue 25). Then its 100,000
   * comments took 95-102 ms with a `Map` of rows and one of sequences, 58-63 with one `Map` from
   * id to sequence, 28-32 with the typed hash table of loaded-rows.ts (best of 8, in-process).
   * The table keeps `rows` (the array itself): the caller hands it over and never changes it.
   * Inside a transaction (nothing does that today) it inserts row by row.
   *
   * `generated`: rows that follow `rows`, made when first read (generated-rows.ts).
   */
  load(rows: readonly T[], generated?: RowMaker<T>): void {
    this.clear();
    if (this.journal) {
      for (const row of rows) this.insert(row);
      for (let position = 0; generated && position < generated.length; position++) this.insert(generated.make(position));
      return;
    }
    // One index from id to sequence and the rows in an array (loaded-rows.ts): the sequences
    // of a load are 1, 2, 3... in order.
    const loaded = new LoadIndex<T>(rows);
    // Plain arrays walked by position: destructuring each [index, keyOf] pair for each row
    // made an iterator and its results every time, 6 of the 55 MB a load of `large` allocated.
    const byKeys = this.indexes.map(([index]) => this.buckets.get(index)!);
    const keyOfs = this.indexes.map(([, keyOf]) => keyOf);
    for (let position = 0; position < rows.length; position++) {
      const row = Object.freeze(rows[position]);
      const { id } = row;
      if (!loaded.claim(position)) {
        // Left empty rather than half filled (a checked state has no duplicate: a defect).
        this.clear();
        throw new Error(`${this.name}: duplicate id ${id}`);
      }
      for (let i = 0; i < keyOfs.length; i++) {
        const key = keyOfs[i](row);
        if (key == null) continue;
        const ids = byKeys[i].get(key);
        if (ids) ids.push(id);
        else byKeys[i].set(key, [id]);
      }
    }
    const positions = generated && generated.length > 0 ? this.joined(loaded, generated) : loaded;
    this.nextSeq = positions.length + 1;
    // Nobody else holds these: they are the layered maps' bases from the start.
    this.rows = new LayeredMap<T>(new LoadedRows(positions));
    this.seqs = new LayeredMap(new LoadedSeqs(positions));
    this.hasGenerated = positions instanceof JoinedPositions;
    if (positions instanceof JoinedPositions) this.pending = new PendingBuckets(this.buckets, positions, this.indexes.map(([name, keyOf]) => ({ name, keyOf })));
  }

  /** The listed rows, then the generated ones; none of the listed ids may be a generated one. */
  private joined(listed: LoadIndex<T>, generated: RowMaker<T>): JoinedPositions<T> {
    for (const row of listed.rows) {
      if (generated.positionOf(row.id) >= 0) {
        this.clear();
        throw new Error(`${this.name}: duplicate id ${row.id}`);
      }
    }
    return new JoinedPositions(listed, new MadeRows(generated));
  }

  clear(): void {
    this.changes = nextVersion();
    this.rows = new LayeredMap();
    this.seqs = new LayeredMap();
    this.buckets = new Map(this.indexes.map(([index]) => [index, new Map()]));
    this.pending = undefined;
    this.hasGenerated = false;
    this.nextSeq = 1;
    this.shared = false;
  }

  /** Copies the buckets shared with a snapshot before the first write. */
  private own(): void {
    this.resolved();
    if (!this.shared) return;
    this.shared = false;
    const buckets = new Map<string, Map<string, string[]>>();
    for (const [index, byKey] of this.buckets) {
      const copy = new Map<string, string[]>();
      for (const [key, ids] of byKey) copy.set(key, ids.slice());
      buckets.set(index, copy);
    }
    this.buckets = buckets;
  }

  private bucketFor(index: string, key: string, create: true): string[];
  private bucketFor(index: string, key: string, create: false): string[] | undefined;
  private bucketFor(index: string, key: string, create: boolean): string[] | undefined {
    const byKey = this.buckets.get(index);
    if (!byKey) throw new Error(`${this.name}: no index ${index}`);
    let ids = byKey.get(key);
    if (!ids && create) {
      ids = [];
      byKey.set(key, ids);
    }
    return ids;
  }

  /** Adds `id` to a bucket at its place in insertion order (a moved or restored row is not the newest). */
  private bucketIn(index: string, key: string, id: string): void {
    const ids = this.bucketFor(index, key, true);
    const seq = this.seqs.get(id) ?? 0;
    let lo = 0;
    let hi = ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.seqs.get(ids[mid]) ?? 0) < seq) lo = mid + 1;
      else hi = mid;
    }
    ids.splice(lo, 0, id);
  }

  private unbucket(index: string, key: string, id: string): boolean {
    const bucket = this.buckets.get(index);
    const ids = bucket?.get(key);
    if (!bucket || !ids) return false;
    const at = ids.lastIndexOf(id);
    if (at >= 0) ids.splice(at, 1);
    if (ids.length === 0) bucket.delete(key);
    return at >= 0;
  }
}
