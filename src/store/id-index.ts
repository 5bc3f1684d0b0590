/**
 * Every id the store's tables hold, in one map: whether an id is taken (`IdSource.next` asks it
 * for every new id, since an imported state may hold any) is one lookup, not one in each of the
 * 36 tables (two new ids a posted comment, one of them its audit event's: 36 `has` calls each,
 * about a tenth of the comment's CPU after 40,000 posts, docs/benchmarks.md, issues 40 and 41).
 *
 * The tables keep it (table.ts): each insert counts its id, each removal uncounts it, an undo
 * as well; an id two tables hold is counted twice. The store rebuilds it after an import and
 * snapshots and restores it with the tables, copy-on-write as they are (a layered map), so a
 * session forked from a scenario shares its base. A table loaded with generated rows (made when
 * first read, generated-rows.ts) does not count its ids: the index asks it directly instead.
 */
import { LayeredMap } from './layered-map.ts';

/** What the index reads of a table. */
export interface IdHolder {
  has(id: string): boolean;
  all(): Iterable<{ readonly id: string }>;
  /** Whether its rows include generated ones, whose ids it does not count here. */
  readonly generated: boolean;
}

export class IdIndex {
  private counts = new LayeredMap<number>();
  /** The tables with generated rows, asked for each id. */
  private asked: readonly IdHolder[] = [];

  /** Whether any table holds `id`. */
  has(id: string): boolean {
    if (this.counts.has(id)) return true;
    for (let i = 0; i < this.asked.length; i++) if (this.asked[i].has(id)) return true;
    return false;
  }

  /** A table now holds `id`. */
  add(id: string): void {
    this.counts.set(id, (this.counts.get(id) ?? 0) + 1);
  }

  /** A table no longer holds `id`. */
  remove(id: string): void {
    const count = this.counts.get(id);
    if (count === undefined) return;
    if (count > 1) this.counts.set(id, count - 1);
    else this.counts.delete(id);
  }

  /** Counts again every id `tables` hold (after an import): the tables with generated rows are asked instead. */
  rebuild(tables: readonly IdHolder[]): void {
    const counts = new Map<string, number>();
    for (const table of tables) {
      if (table.generated) continue;
      for (const { id } of table.all()) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    this.restore(counts, tables);
  }

  /** The counts as they are now, which nobody changes again; shared until either side writes. */
  snapshot(): ReadonlyMap<string, number> {
    return this.counts.freeze();
  }

  /** The counts of a snapshot taken with the state `tables` now hold (restored with it). */
  restore(counts: ReadonlyMap<string, number>, tables: readonly IdHolder[]): void {
    this.counts = new LayeredMap(counts);
    this.asked = tables.filter((table) => table.generated);
  }
}
