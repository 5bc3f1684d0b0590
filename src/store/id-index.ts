/**
 * Every id the store's tables hold, in one set: whether an id is taken (`IdSource.next` asks it
 * for every new id, since an imported state may hold any) is one lookup, not one in each of the
 * 36 tables (two new ids a posted comment, one of them its audit event's).
 *
 * The tables keep it (table.ts): each insert adds its id, each removal takes it out, an undo
 * as well. The store rebuilds it after an import and snapshots and restores it with the tables,
 * copy-on-write as they are: the ids of the last snapshot or import stay in a set nobody changes
 * (`base`, shared by every session restored from it), with what was taken and given up since on
 * top. An insert is one operation on the set that grows (the ids taken since), as a table's own
 * insert is: a set of every id as a map of counts took a lookup and a write there, and on a
 * store grown by 40,000 posts those cost what the 36 lookups had (docs/benchmarks.md, issues 40
 * and 41). An id two tables hold (rare: the same id imported in two collections) is counted
 * beyond the first in `more`. A table loaded with generated rows (made when first read,
 * generated-rows.ts) does not add its ids: the index asks it directly instead.
 */

import { newestVersion } from './versions.ts';

/** What the index reads of a table. */
export interface IdHolder {
  has(id: string): boolean;
  all(): Iterable<{ readonly id: string }>;
  /** Whether its rows include generated ones, whose ids it does not add here. */
  readonly generated: boolean;
}

/** The index as a store snapshot keeps it: never changed once taken. */
export interface IdIndexSnapshot {
  readonly ids: ReadonlySet<string>;
  readonly more: ReadonlyMap<string, number>;
}

export class IdIndex {
  /** The ids of the last snapshot, import or restore: never changed, shared with the snapshot. */
  private base: ReadonlySet<string> = new Set();
  /** Ids of `base` no table holds any more. */
  private gone = new Set<string>();
  /** Ids taken since, not in `base`. */
  private top = new Set<string>();
  /** Ids more than one table holds: how many tables beyond the first. */
  private more = new Map<string, number>();
  /** The tables with generated rows, asked for each id. */
  private asked: readonly IdHolder[] = [];
  /** The last id found held by no table, and the newest table version then (versions.ts): free while no table has changed since. */
  private free: string | undefined;
  private freeAt = -1;

  /** Whether any table holds `id`. */
  has(id: string): boolean {
    if (this.top.has(id) || (this.base.has(id) && !this.gone.has(id))) return true;
    for (let i = 0; i < this.asked.length; i++) if (this.asked[i].has(id)) return true;
    this.free = id;
    this.freeAt = newestVersion();
    return false;
  }

  /**
   * Whether a table about to insert `id` may skip its own look for it: `has` found it free last,
   * and no table has changed since (every write, an undo's too, moves the newest version). A new
   * id is looked for here and then again in its table: two misses in growing maps a write (issue
   * 41's POST), the second one needless.
   */
  takesFree(id: string): boolean {
    return this.free === id && this.freeAt === newestVersion();
  }

  /** A table now holds `id`. */
  add(id: string): void {
    if (this.base.size !== 0 && this.base.has(id)) {
      // Held again after it was given up, or now by a second table.
      if (!this.gone.delete(id)) this.more.set(id, (this.more.get(id) ?? 0) + 1);
      return;
    }
    // Whether the set had it, from its size: one operation on the set that grows.
    const size = this.top.size;
    this.top.add(id);
    if (this.top.size === size) this.more.set(id, (this.more.get(id) ?? 0) + 1);
  }

  /** A table no longer holds `id`. */
  remove(id: string): void {
    const more = this.more.size === 0 ? undefined : this.more.get(id);
    if (more !== undefined) {
      if (more > 1) this.more.set(id, more - 1);
      else this.more.delete(id);
      return;
    }
    if (!this.top.delete(id) && this.base.has(id)) this.gone.add(id);
  }

  /** Adds again every id `tables` hold (after an import): the tables with generated rows are asked instead. */
  rebuild(tables: readonly IdHolder[]): void {
    this.restore({ ids: new Set(), more: new Map() }, tables);
    for (const table of tables) {
      if (table.generated) continue;
      for (const { id } of table.all()) this.add(id);
    }
  }

  /** The index as it is now, which nobody changes again; it becomes this index's base. */
  snapshot(): IdIndexSnapshot {
    if (this.top.size !== 0 || this.gone.size !== 0) {
      const ids = new Set(this.top);
      for (const id of this.base) if (!this.gone.has(id)) ids.add(id);
      this.base = ids;
      this.top = new Set();
      this.gone = new Set();
    }
    return { ids: this.base, more: new Map(this.more) };
  }

  /** The index of a snapshot taken with the state `tables` now hold (restored with it). */
  restore(snapshot: IdIndexSnapshot, tables: readonly IdHolder[]): void {
    this.free = undefined;
    this.base = snapshot.ids;
    this.top = new Set();
    this.gone = new Set();
    this.more = new Map(snapshot.more);
    this.asked = tables.filter((table) => table.generated);
  }
}
