/**
 * The store: one Table per declared collection (collections/), held in a lowdb instance (in memory unless
 * `--data FILE`). Snapshot and restore are shallow copies, because rows are immutable.
 */
import { Low, Memory } from 'lowdb';
import { type Table, type AnyTable, type Row, type TableSnapshot, type Transaction } from './table.ts';
import type { RowMaker } from './generated-rows.ts';
import { COLLECTIONS, type CollectionName, type Declared } from './collections/index.ts';
import type { RecordOf } from './collections/define.ts';
import { IdIndex, type IdIndexSnapshot } from './id-index.ts';

/** One table per declared collection (collections/), with the declaration's indexes. */
function createTables(): Tables {
  const tables: { [name: string]: AnyTable } = {};
  for (const declaration of COLLECTIONS) tables[declaration.name] = declaration.table();
  return tables as Tables;
}

/** The tables, by collection: each holds its declaration's records. */
export type Tables = { [D in Declared as D['name']]: Table<RecordOf<D>> };
export type { CollectionName };
export const COLLECTION_NAMES: readonly CollectionName[] = COLLECTIONS.map((declaration) => declaration.name);

/** The exported state: every collection as an array of records, in insertion order. */
export type StateJson = { [K in CollectionName]: ReturnType<Tables[K]['list']> };

/** Rows a generator describes instead of making (generated-rows.ts), by collection: they follow the collection's listed rows. */
export type GeneratedState = { [K in CollectionName]?: RowMaker<StateJson[K][number]> };

/** One row a transaction wrote: its table, id, and new value (null when deleted). */
export type RowChange = [CollectionName, string, Row | null];

/** Every table as it was, by name, and the index of their ids with them. */
export interface StoreSnapshot {
  tables: ReadonlyMap<string, TableSnapshot<Row>>;
  ids: IdIndexSnapshot;
}

/** Every table seen through what all tables share (for whole-store operations). */
function eachTable(tables: Tables): AnyTable[] {
  return COLLECTION_NAMES.map((name): AnyTable => tables[name]);
}

export class Store {
  readonly db: Low<Tables>;
  /** The tables a transaction wrote join it at their first write (table.ts). */
  private readonly transactionState: Transaction = { open: false, written: [] };
  /** Each table's place in COLLECTION_NAMES: a transaction's changes are listed in that order. */
  private readonly order = new Map<AnyTable, number>();
  /** Every id the tables hold, kept by them (id-index.ts). */
  private readonly ids = new IdIndex();

  constructor() {
    this.db = new Low<Tables>(new Memory<Tables>(), createTables());
    eachTable(this.tables).forEach((table, i) => {
      table.enlist(this.transactionState, this.ids);
      this.order.set(table, i);
    });
  }

  /** Whether any table holds a row with this id (what a new id must not be). */
  taken(id: string): boolean {
    return this.ids.has(id);
  }

  get tables(): Tables {
    return this.db.data;
  }

  snapshot(): StoreSnapshot {
    return { tables: new Map(eachTable(this.tables).map((table) => [table.name, table.snapshot()])), ids: this.ids.snapshot() };
  }

  restore(snapshot: StoreSnapshot): void {
    const tables = eachTable(this.tables);
    for (const table of tables) {
      const kept = snapshot.tables.get(table.name);
      if (!kept) throw new Error(`the snapshot has no table ${table.name}`);
      table.restore(kept);
    }
    this.ids.restore(snapshot.ids, tables);
  }

  /**
   * Runs `fn` so that it applies whole or not at all: if it throws, every write it made
   * is undone. `fn` must be synchronous.
   */
  transaction<T>(fn: () => T): T {
    return this.tentative(fn).result;
  }

  /**
   * A transaction that can still be taken back after it committed: `undo` replays its
   * undo steps (used when saving it to the data file fails).
   */
  tentative<T>(fn: () => T): { result: T; undo: () => void; changes: RowChange[]; before: (Row | null)[] } {
    const transaction = this.transactionState;
    if (transaction.open) throw new Error('a store transaction is already open: transactions do not nest');
    transaction.open = true;
    try {
      const result = fn();
      const steps: (() => void)[] = [];
      const changes: RowChange[] = [];
      // The row each change replaced (null: inserted), in the order of `changes`.
      const before: (Row | null)[] = [];
      // In the order of the tables, as when every table took part: events follow this order.
      const tables = this.inOrder(transaction.written);
      for (const table of tables) {
        const { undo, touched } = table.commit();
        steps.push(...undo);
        for (let i = 0; i < touched.ids.length; i++) {
          const id = touched.ids[i];
          changes.push([table.name as CollectionName, id, table.get(id) ?? null]);
          before.push(touched.before[i] ?? null);
        }
      }
      const undo = () => {
        for (let i = steps.length - 1; i >= 0; i--) steps[i]();
      };
      return { result, undo, changes, before };
    } catch (error) {
      for (const table of transaction.written) table.rollback();
      throw error;
    } finally {
      transaction.open = false;
      transaction.written = [];
    }
  }

  /** `written` in the order of the tables; two (a write and its audit event) without a sort, which allocates. */
  private inOrder(written: AnyTable[]): AnyTable[] {
    if (written.length < 2) return written;
    if (written.length === 2) return this.placeOf(written[0]) <= this.placeOf(written[1]) ? written : [written[1], written[0]];
    return [...written].sort((a, b) => this.placeOf(a) - this.placeOf(b));
  }

  private placeOf(table: AnyTable): number {
    return this.order.get(table) ?? Infinity;
  }

  /** Lays committed changes over the state (replaying the `--data` journal). */
  apply(changes: RowChange[]): void {
    for (const [name, id, row] of changes) {
      // A journal line names its table as text: a name the store has not is skipped.
      const table: AnyTable | undefined = this.tables[name];
      if (!table) continue;
      if (row) table.upsert(row);
      else table.delete(id);
    }
  }

  export(): StateJson {
    const out = {} as Record<string, unknown>;
    for (const name of COLLECTION_NAMES) out[name] = this.tables[name].list();
    return out as StateJson;
  }

  /**
   * Replaces everything with `state` (already validated). Rows are copied unless `owned`
   * says the caller hands them over (a freshly built scenario nobody else holds): then the
   * tables keep its rows and its arrays, which nobody may change afterwards. `generated`: rows
   * of a generator, made when first read.
   */
  import(state: Partial<StateJson>, owned = false, generated: GeneratedState = {}): void {
    const tables = eachTable(this.tables);
    for (const table of tables) {
      const rows = (state[table.name as CollectionName] ?? []) as Row[];
      table.load(owned ? rows : rows.map((row) => structuredClone(row)), generated[table.name as CollectionName]);
    }
    this.ids.rebuild(tables);
  }
}
