/**
 * Rows a generator describes instead of making: a table loaded with them (table.ts `load`)
 * makes each row when it is first read, and its index buckets when they are first needed.
 * `large` has 100,000 comments; making, freezing and indexing them was most of a load that
 * built it (about 300 of 600 ms on a server just started, issue 25), and most suites read a
 * page or two of them. Each row is a function of its position alone, so the rows are the same
 * whenever they are made, and its id gives back its position (ids.ts `PositionalIds`), so
 * finding a row by id needs no index of them all.
 */
import type { Positions } from './loaded-rows.ts';

/** How to make the rows of a generated table: what a generator hands the store. */
export interface RowMaker<T extends { readonly id: string }> {
  readonly length: number;
  /** A new row for `position` each call: the table keeps the first it asks for. */
  make(position: number): T;
  /**
   * The row at `position` for its index keys alone, cheaper to make: fields no index of its
   * table reads (its id, its times) may be left empty. Without it, `make` serves.
   */
  sketch?(position: number): T;
  idAt(position: number): string;
  /** The position of `id`, or -1 if it is none of these rows'. */
  positionOf(id: string): number;
}

/** The rows of a maker, each made (and frozen) the first time it is read, then kept. */
export class MadeRows<T extends { readonly id: string }> implements Positions<T> {
  private readonly made: (T | undefined)[];

  constructor(private readonly maker: RowMaker<T>) {
    this.made = new Array<T | undefined>(maker.length).fill(undefined);
  }

  get length(): number {
    return this.maker.length;
  }

  at(position: number): T {
    return (this.made[position] ??= Object.freeze(this.maker.make(position)));
  }

  /** The row at `position` to read its index keys: the kept one, or a sketch made and not kept. */
  peek(position: number): T {
    return this.made[position] ?? (this.maker.sketch ? this.maker.sketch(position) : this.maker.make(position));
  }

  idAt(position: number): string {
    return this.made[position]?.id ?? this.maker.idAt(position);
  }

  positionOf(id: string): number {
    return this.maker.positionOf(id);
  }
}

/** A load's listed rows, then its generated ones. */
export class JoinedPositions<T extends { readonly id: string }> implements Positions<T> {
  readonly length: number;

  constructor(
    private readonly listed: Positions<T>,
    readonly generated: MadeRows<T>,
  ) {
    this.length = listed.length + generated.length;
  }

  at(position: number): T {
    const first = this.listed.length;
    return position < first ? this.listed.at(position) : this.generated.at(position - first);
  }

  idAt(position: number): string {
    const first = this.listed.length;
    return position < first ? this.listed.idAt(position) : this.generated.idAt(position - first);
  }

  positionOf(id: string): number {
    const listed = this.listed.positionOf(id);
    if (listed >= 0) return listed;
    const generated = this.generated.positionOf(id);
    return generated < 0 ? -1 : this.listed.length + generated;
  }
}

type Buckets = Map<string, Map<string, string[]>>;

/** An index of a table: its name and the key of a row in it (a method: a table of any rows is a table of rows). */
export interface IndexOf<T> {
  readonly name: string;
  keyOf(row: T): string | null | undefined;
}

/**
 * The index buckets of a load with generated rows, worked out when first needed and then
 * shared by every table restored from the load's snapshot (never changed: a table copies its
 * buckets before its first write, table.ts `own`).
 *
 * A count or a page needs only positions: `positionsOf` reads each generated row once for its
 * keys (rows made for it are not kept) and keeps the positions of each key. A write, or a
 * caller that wants ids, needs the buckets as the table keeps them: `buckets` spells them.
 */
export class PendingBuckets<T extends { readonly id: string }> {
  private positions: Map<string, Map<string, number[]>> | undefined;
  private spelled: Buckets | undefined;

  constructor(
    /** The buckets of the listed rows alone (the table's until now: never changed). */
    readonly listed: Buckets,
    readonly rows: JoinedPositions<T>,
    private readonly indexes: readonly IndexOf<T>[],
  ) {}

  /** The positions (in the whole load) of the generated rows with `key` in index `index`, in order. */
  positionsOf(index: string, key: string): readonly number[] {
    return this.positionsByKey().get(index)?.get(key) ?? [];
  }

  private positionsByKey(): Map<string, Map<string, number[]>> {
    if (this.positions) return this.positions;
    const byIndex = this.indexes.map(({ name }) => [name, new Map<string, number[]>()] as const);
    const { generated } = this.rows;
    const first = this.rows.length - generated.length;
    for (let p = 0; p < generated.length; p++) {
      const row = generated.peek(p);
      for (let i = 0; i < byIndex.length; i++) {
        const key = this.indexes[i].keyOf(row);
        if (key == null) continue;
        const positions = byIndex[i][1].get(key);
        if (positions) positions.push(first + p);
        else byIndex[i][1].set(key, [first + p]);
      }
    }
    return (this.positions = new Map(byIndex));
  }

  /** Every bucket with the ids of the listed rows, then of the generated ones. */
  buckets(): Buckets {
    if (this.spelled) return this.spelled;
    const buckets: Buckets = new Map();
    // A row is in a bucket of each of a few indexes: its id is spelled once.
    const ids = new Array<string | undefined>(this.rows.length).fill(undefined);
    for (const [index, byKey] of this.positionsByKey()) {
      const listed = this.listed.get(index) ?? new Map<string, string[]>();
      const spelled = new Map<string, string[]>([...listed].map(([key, ids]) => [key, ids.slice()]));
      for (const [key, positions] of byKey) {
        let bucket = spelled.get(key);
        if (!bucket) spelled.set(key, (bucket = []));
        for (const position of positions) bucket.push((ids[position] ??= this.rows.idAt(position)));
      }
      buckets.set(index, spelled);
    }
    return (this.spelled = buckets);
  }
}
