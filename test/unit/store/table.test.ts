import { describe, expect, it } from 'vitest';
import { Table, Touched, type Transaction } from '../../../src/store/table.ts';

interface Item {
  id: string;
  group?: string;
  name?: string;
}

function table(): Table<Item> {
  return new Table<Item>('items', { group: (row) => row.group });
}

/** Opens a transaction on `t` alone, as a store opens one on its tables (store.ts `tentative`). */
function begin(t: Table<Item>): Transaction {
  const transaction: Transaction = { open: true, written: [] };
  t.enlist(transaction);
  return transaction;
}

describe('Table load', () => {
  it('holds what clear and insert of each row would, and writes on top of it', () => {
    const rows = [{ id: 'a', group: 'x' }, { id: 'b', group: 'y' }, { id: 'c', group: 'x' }, { id: 'd' }];
    const loaded = table();
    loaded.insert({ id: 'old', group: 'x' });
    const v0 = loaded.version;
    loaded.load(rows.map((r) => ({ ...r })));
    expect(loaded.version).not.toBe(v0);
    const inserted = table();
    for (const r of rows) inserted.insert({ ...r });
    for (const t of [loaded, inserted]) t.insert({ id: 'e', group: 'x' });
    expect(loaded.list()).toEqual(inserted.list());
    expect(loaded.idsBy('group', 'x')).toEqual(['a', 'c', 'e']);
    expect(loaded.view().keyAt(4)).toBe(inserted.view().keyAt(4));
    expect(Object.isFrozen(loaded.get('a'))).toBe(true);
    expect(loaded.get('old')).toBeUndefined();
    const snap = loaded.snapshot();
    loaded.delete('a');
    loaded.restore(snap);
    expect(loaded.list().map((r) => r.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('keeps a loaded row in its place through an update, and a deleted one through a rollback', () => {
    const t = table();
    t.load([{ id: 'a', group: 'x' }, { id: 'b', group: 'x' }, { id: 'c', group: 'y' }]);
    t.update('b', { name: 'B' });
    begin(t);
    t.delete('a');
    expect(t.has('a')).toBe(false);
    t.rollback();
    expect(t.list()).toEqual([{ id: 'a', group: 'x' }, { id: 'b', group: 'x', name: 'B' }, { id: 'c', group: 'y' }]);
    expect(t.idsBy('group', 'x')).toEqual(['a', 'b']);
    expect(t.seqOf('a')).toBeLessThan(t.seqOf('b')!);
    expect(t.get('zz')).toBeUndefined();
  });

  it('refuses a duplicate id and is left empty', () => {
    const t = table();
    expect(() => t.load([{ id: 'a', group: 'x' }, { id: 'a' }])).toThrow(/duplicate id a/);
    expect(t.size).toBe(0);
    expect(t.idsBy('group', 'x')).toEqual([]);
  });
});

describe('Table insert', () => {
  it('keeps rows in insertion order and returns them frozen', () => {
    const t = table();
    const a = t.insert({ id: 'a', group: 'x' });
    t.insert({ id: 'b', group: 'y' });
    expect(t.list().map((r) => r.id)).toEqual(['a', 'b']);
    expect(Object.isFrozen(a)).toBe(true);
    expect(t.size).toBe(2);
    expect(t.get('a')).toBe(a);
  });

  it('refuses a duplicate id and keeps the first row', () => {
    const t = table();
    t.insert({ id: 'a', name: 'first' });
    expect(() => t.insert({ id: 'a', name: 'second' })).toThrow(/duplicate id a/);
    expect(t.get('a')?.name).toBe('first');
    expect(t.size).toBe(1);
  });

  it('changes the version on every write', () => {
    const t = table();
    const v0 = t.version;
    t.insert({ id: 'a' });
    const v1 = t.version;
    t.update('a', { name: 'n' });
    const v2 = t.version;
    t.delete('a');
    expect(new Set([v0, v1, v2, t.version]).size).toBe(4);
  });

  it('versions of two tables never coincide', () => {
    const one = table();
    const two = table();
    expect(one.version).not.toBe(two.version);
  });
});

describe('Table update', () => {
  it('replaces the row with a merged copy and leaves the old object untouched', () => {
    const t = table();
    const old = t.insert({ id: 'a', group: 'x', name: 'before' });
    const next = t.update('a', { name: 'after' });
    expect(next).toEqual({ id: 'a', group: 'x', name: 'after' });
    expect(old.name).toBe('before');
    expect(t.get('a')).toBe(next);
  });

  it('removes keys patched to undefined', () => {
    const t = table();
    t.insert({ id: 'a', name: 'n' });
    expect('name' in t.update('a', { name: undefined })).toBe(false);
  });

  it('throws for an unknown id', () => {
    expect(() => table().update('nope', { name: 'n' })).toThrow(/no row nope/);
  });

  it('keeps the row in place in insertion order', () => {
    const t = table();
    t.insert({ id: 'a' });
    t.insert({ id: 'b' });
    t.update('a', { name: 'n' });
    expect(t.list().map((r) => r.id)).toEqual(['a', 'b']);
  });
});

describe('Table delete', () => {
  it('removes the row and answers whether it was there', () => {
    const t = table();
    t.insert({ id: 'a', group: 'x' });
    expect(t.delete('a')).toBe(true);
    expect(t.delete('a')).toBe(false);
    expect(t.has('a')).toBe(false);
    expect(t.idsBy('group', 'x')).toEqual([]);
  });
});

describe('Table indexes', () => {
  it('keeps the ids of each key in insertion order', () => {
    const t = table();
    t.insert({ id: 'a', group: 'x' });
    t.insert({ id: 'b', group: 'y' });
    t.insert({ id: 'c', group: 'x' });
    expect(t.idsBy('group', 'x')).toEqual(['a', 'c']);
    expect(t.by('group', 'x').map((r) => r.id)).toEqual(['a', 'c']);
    expect(t.countBy('group', 'y')).toBe(1);
    expect(t.countBy('group', 'z')).toBe(0);
  });

  it('leaves rows without a key out of the index', () => {
    const t = table();
    t.insert({ id: 'a' });
    expect(t.countBy('group', 'undefined')).toBe(0);
  });

  it('moves a row between keys on update, keeping each key in insertion order', () => {
    const t = table();
    t.insert({ id: 'a', group: 'x' });
    t.insert({ id: 'b', group: 'y' });
    t.update('a', { group: 'y' });
    expect(t.idsBy('group', 'x')).toEqual([]);
    expect(t.idsBy('group', 'y')).toEqual(['a', 'b']);
    const view = t.viewBy('group', 'y');
    expect(view.keyAt(0)).toBeLessThan(view.keyAt(1));
  });

  it('throws for an index it does not have', () => {
    expect(() => table().idsBy('color', 'red')).toThrow(/no index color/);
  });

  it('views address rows by position with ascending, unique keys', () => {
    const t = table();
    for (const id of ['a', 'b', 'c']) t.insert({ id, group: 'x' });
    t.delete('b');
    const view = t.viewBy('group', 'x');
    expect(view.length).toBe(2);
    expect([view.at(0).id, view.at(1).id]).toEqual(['a', 'c']);
    expect(view.keyAt(0)).toBeLessThan(view.keyAt(1));
    const all = t.view();
    expect(all.keyAt(1)).toBe(t.seqOf('c'));
    expect(t.viewOf([t.get('c')!]).keyAt(0)).toBe(t.seqOf('c'));
  });
});

describe('Table transactions', () => {
  it('rollback undoes inserts, updates and deletes, indexes and order included', () => {
    const t = table();
    t.insert({ id: 'a', group: 'x', name: 'one' });
    t.insert({ id: 'b', group: 'x' });
    t.insert({ id: 'c', group: 'y' });
    const before = t.list();
    begin(t);
    t.insert({ id: 'd', group: 'x' });
    t.update('a', { group: 'y', name: 'two' });
    t.delete('b');
    t.rollback();
    expect(t.list()).toEqual(before);
    expect(t.list()[0]).toBe(before[0]);
    expect(t.idsBy('group', 'x')).toEqual(['a', 'b']);
    expect(t.idsBy('group', 'y')).toEqual(['c']);
  });

  it('a deleted row comes back with its place in the order of keys', () => {
    const t = table();
    t.insert({ id: 'a', group: 'x' });
    t.insert({ id: 'b', group: 'x' });
    const seq = t.seqOf('a');
    begin(t);
    t.delete('a');
    t.rollback();
    expect(t.seqOf('a')).toBe(seq);
    expect(t.idsBy('group', 'x')).toEqual(['a', 'b']);
  });

  it('commit keeps the writes and hands back the undo steps and the ids written', () => {
    const t = table();
    t.insert({ id: 'a' });
    begin(t);
    t.insert({ id: 'b' });
    t.update('a', { name: 'n' });
    const { undo, touched } = t.commit();
    expect(touched.ids).toEqual(['b', 'a']);
    // The row each had before the transaction's first write to it: none for the inserted one.
    expect(touched.before).toEqual([undefined, { id: 'a' }]);
    expect(t.size).toBe(2);
    for (let i = undo.length - 1; i >= 0; i--) undo[i]();
    expect(t.list()).toEqual([{ id: 'a' }]);
  });

  it('rollback without begin changes nothing', () => {
    const t = table();
    t.insert({ id: 'a' });
    t.rollback();
    expect(t.size).toBe(1);
  });

  it('writes outside a transaction are not recorded', () => {
    const t = table();
    t.insert({ id: 'a' });
    const transaction = begin(t);
    expect(transaction.written).toEqual([]);
    const { undo, touched } = t.commit();
    expect(undo).toEqual([]);
    expect(touched.ids).toEqual([]);
  });

  it('joins the open transaction at its first write, once, and records nothing once it is closed', () => {
    const t = table();
    const transaction = begin(t);
    t.insert({ id: 'a' });
    t.update('a', { name: 'n' });
    expect(transaction.written).toEqual([t]);
    expect(t.commit().touched.ids).toEqual(['a']);
    transaction.open = false;
    t.insert({ id: 'b' });
    const after = t.commit();
    expect(after.undo).toEqual([]);
    expect(after.touched.ids).toEqual([]);
  });
});

describe('Touched', () => {
  it('keeps the first row of an id written again, past the few ids it tells apart without a set too', () => {
    const touched = new Touched<{ id: string; n: number }>();
    for (let n = 0; n < 12; n++) touched.note(`id${n}`, { id: `id${n}`, n });
    for (let n = 0; n < 12; n++) touched.note(`id${n}`, { id: `id${n}`, n: n + 100 });
    touched.note('new', undefined);
    expect(touched.ids).toEqual([...Array.from({ length: 12 }, (_, n) => `id${n}`), 'new']);
    expect(touched.before.map((row) => row?.n)).toEqual([...Array.from({ length: 12 }, (_, n) => n), undefined]);
  });
});

describe('Table snapshot and restore', () => {
  it('restore brings back the rows, order, indexes and next key of the snapshot', () => {
    const t = table();
    t.insert({ id: 'a', group: 'x' });
    const snap = t.snapshot();
    t.insert({ id: 'b', group: 'x' });
    t.update('a', { group: 'y' });
    t.restore(snap);
    expect(t.list()).toEqual([{ id: 'a', group: 'x' }]);
    expect(t.idsBy('group', 'x')).toEqual(['a']);
    t.insert({ id: 'c', group: 'x' });
    expect(t.seqOf('c')).toBe(2);
  });

  it('writes after a snapshot never change the snapshot (copy on write)', () => {
    const t = table();
    t.insert({ id: 'a', group: 'x' });
    const snap = t.snapshot();
    t.insert({ id: 'b', group: 'x' });
    t.delete('a');
    expect([...snap.rows.keys()]).toEqual(['a']);
    expect(snap.buckets.get('group')?.get('x')).toEqual(['a']);
  });

  it('two tables restored from one snapshot write independently', () => {
    const source = table();
    source.insert({ id: 'a', group: 'x' });
    const snap = source.snapshot();
    const one = table();
    const two = table();
    one.restore(snap);
    two.restore(snap);
    one.insert({ id: 'b', group: 'x' });
    two.update('a', { group: 'y' });
    expect(one.idsBy('group', 'x')).toEqual(['a', 'b']);
    expect(two.idsBy('group', 'x')).toEqual([]);
    expect(source.list()).toEqual([{ id: 'a', group: 'x' }]);
  });

  it('restore changes the version', () => {
    const t = table();
    const snap = t.snapshot();
    const before = t.version;
    t.restore(snap);
    expect(t.version).not.toBe(before);
  });

  it('upsert replaces a row in place or appends a new one', () => {
    const t = table();
    t.insert({ id: 'a', group: 'x' });
    t.upsert({ id: 'a', group: 'y' });
    t.upsert({ id: 'b' });
    expect(t.list()).toEqual([{ id: 'a', group: 'y' }, { id: 'b' }]);
    expect(t.idsBy('group', 'y')).toEqual(['a']);
  });

  it('clear empties rows and indexes and starts the keys again', () => {
    const t = table();
    t.insert({ id: 'a', group: 'x' });
    t.clear();
    expect(t.size).toBe(0);
    expect(t.idsBy('group', 'x')).toEqual([]);
    t.insert({ id: 'b' });
    expect(t.seqOf('b')).toBe(1);
  });
});
