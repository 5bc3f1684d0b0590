/**
 * A table loaded with generated rows (store/generated-rows.ts) must answer everything as a
 * table loaded with the same rows made at once: reads, counts, pages, writes, undo, snapshots.
 * Each step is run on both and compared; the rows are made only when read.
 */
import { describe, expect, it } from 'vitest';
import { PositionalIds } from '../../../src/ids.ts';
import type { RowMaker } from '../../../src/store/generated-rows.ts';
import { Table, type RowView, type Transaction } from '../../../src/store/table.ts';

interface Item {
  id: string;
  group: string;
  open: boolean;
  n: number;
}

const GROUPS = ['x', 'y', 'z'];

function maker(length: number): RowMaker<Item> & { made: number } {
  const ids = new PositionalIds('test:items');
  return {
    length,
    made: 0,
    idAt: (n) => ids.idAt(n),
    positionOf: (id) => ids.positionOf(id, length),
    make(n) {
      this.made++;
      return { id: ids.idAt(n), group: GROUPS[n % 3], open: n % 4 !== 0, n };
    },
  };
}

function table(): Table<Item> {
  return new Table<Item>('items', { group: (row) => row.group, openInGroup: (row) => (row.open ? row.group : undefined) });
}

const LISTED: Item[] = [
  { id: 'listed-1', group: 'y', open: true, n: -2 },
  { id: 'listed-2', group: 'x', open: false, n: -1 },
];

/** The same rows two ways: listed then generated, and all made and listed. */
function both(length = 40) {
  const rows = maker(length);
  const generated = table();
  generated.load(LISTED.map((row) => ({ ...row })), rows);
  const eager = table();
  eager.load([...LISTED.map((row) => ({ ...row })), ...Array.from({ length }, (_, n) => maker(length).make(n))]);
  return { rows, generated, eager };
}

function pages(view: RowView<Item>): unknown[] {
  return Array.from({ length: view.length }, (_, i) => [view.at(i), view.keyAt(i)]);
}

/** Everything a reader can see of a table. */
function seen(t: Table<Item>): unknown {
  return {
    size: t.size,
    rows: t.list(),
    seqs: t.list().map((row) => t.seqOf(row.id)),
    view: pages(t.view()),
    groups: GROUPS.map((group) => [t.countBy('group', group), pages(t.viewBy('group', group)), t.countBy('openInGroup', group), pages(t.viewBy('openInGroup', group))]),
  };
}

function begin(t: Table<Item>): void {
  const transaction: Transaction = { open: true, written: [] };
  t.enlist(transaction);
}

describe('a table loaded with generated rows', () => {
  it('makes no row at the load, and only the rows read after it', () => {
    const { rows, generated, eager } = both();
    expect(rows.made).toBe(0);
    const id = rows.idAt(7);
    expect(generated.get(id)).toEqual(eager.get(id));
    expect(generated.get(id)).toBe(generated.get(id));
    expect(Object.isFrozen(generated.get(id))).toBe(true);
    expect(rows.made).toBe(1);
    expect(generated.has(rows.idAt(39))).toBe(true);
    expect(generated.has(rows.idAt(40))).toBe(false);
    expect(generated.get('listed-1')).toEqual(LISTED[0]);
    expect(rows.made).toBe(1);
  });

  it('reads, counts and pages as the same rows made at once, before and after its buckets are spelled', () => {
    const { generated, eager } = both();
    // Counts and pages first: from the generated rows' positions.
    expect(generated.countBy('group', 'x')).toBe(eager.countBy('group', 'x'));
    expect(pages(generated.viewBy('openInGroup', 'y'))).toEqual(pages(eager.viewBy('openInGroup', 'y')));
    expect(seen(generated)).toEqual(seen(eager));
    // Then ids by key: the buckets are spelled, and every answer stays the same.
    expect(generated.idsBy('group', 'z')).toEqual(eager.idsBy('group', 'z'));
    expect(generated.by('openInGroup', 'x')).toEqual(eager.by('openInGroup', 'x'));
    expect(seen(generated)).toEqual(seen(eager));
  });

  it('takes inserts, updates that move a row between buckets, deletes and their undo as the same rows made at once', () => {
    const { rows, generated, eager } = both();
    const first = rows.idAt(0);
    const fifth = rows.idAt(5);
    for (const t of [generated, eager]) {
      t.insert({ id: 'new', group: 'x', open: true, n: 100 });
      t.update(first, { open: true, group: 'z' });
      t.delete(fifth);
    }
    expect(seen(generated)).toEqual(seen(eager));
    for (const t of [generated, eager]) {
      begin(t);
      t.delete(rows.idAt(6));
      t.update(rows.idAt(9), { open: false });
      t.insert({ id: 'newer', group: 'y', open: true, n: 101 });
      t.rollback();
    }
    expect(seen(generated)).toEqual(seen(eager));
    expect(generated.has(rows.idAt(6))).toBe(true);
    expect(generated.get(fifth)).toBeUndefined();
  });

  it('is shared by the tables restored from its snapshot, none seeing another one’s writes', () => {
    const { rows, generated, eager } = both();
    const snapshot = generated.snapshot();
    const a = table();
    const b = table();
    a.restore(snapshot);
    b.restore(snapshot);
    // One reads by key (spelling the shared buckets), the other writes.
    expect(a.idsBy('group', 'x')).toEqual(eager.idsBy('group', 'x'));
    b.update(rows.idAt(3), { group: 'y' });
    b.insert({ id: 'only-b', group: 'x', open: true, n: 200 });
    expect(seen(a)).toEqual(seen(eager));
    expect(seen(generated)).toEqual(seen(eager));
    expect(b.countBy('group', 'x')).toBe(eager.countBy('group', 'x'));
    expect(b.idsBy('group', 'y')).toContain(rows.idAt(3));
    // A reset of b: the snapshot as it was.
    b.restore(snapshot);
    expect(seen(b)).toEqual(seen(eager));
  });

  it('refuses a listed row with a generated row’s id, and is left empty', () => {
    const rows = maker(10);
    const t = table();
    expect(() => t.load([{ id: rows.idAt(4), group: 'x', open: true, n: 0 }], rows)).toThrow(/duplicate id/);
    expect(t.size).toBe(0);
    expect(t.list()).toEqual([]);
  });

  it('inserts each generated row when loaded inside a transaction that wrote', () => {
    const rows = maker(5);
    const t = table();
    begin(t);
    t.insert({ id: 'before', group: 'x', open: true, n: -1 });
    t.load([], rows);
    expect(t.list().map((row) => row.n)).toEqual([0, 1, 2, 3, 4]);
    expect(t.idsBy('group', 'x')).toEqual([rows.idAt(0), rows.idAt(3)]);
  });
});
