import { describe, expect, it } from 'vitest';
import { LoadIndex, LoadedRows, LoadedSeqs } from '../../../src/store/loaded-rows.ts';

function indexOf(ids: string[]): LoadIndex<{ id: string; n: number }> {
  const index = new LoadIndex(ids.map((id, n) => ({ id, n })));
  ids.forEach((_, position) => expect(index.claim(position)).toBe(true));
  return index;
}

describe('LoadIndex and the maps over it', () => {
  it('answers every id of a load, in their order, as a map would', () => {
    // Enough ids, some alike, that many share a slot of the table and are found by probing.
    const ids = Array.from({ length: 5000 }, (_, i) => (i % 3 === 0 ? `id-${i}` : `${i}-x`));
    const index = indexOf(ids);
    const rows = new LoadedRows(index);
    const seqs = new LoadedSeqs(index);
    const map = new Map(ids.map((id, n) => [id, { id, n }]));
    expect(rows.size).toBe(5000);
    for (const [n, id] of ids.entries()) {
      expect(rows.get(id)).toEqual(map.get(id));
      expect(seqs.get(id)).toBe(n + 1);
    }
    for (const absent of ['', 'id-1', 'id-4999x', '5000-x']) {
      expect(rows.has(absent)).toBe(false);
      expect(rows.get(absent)).toBeUndefined();
      expect(seqs.get(absent)).toBeUndefined();
    }
    expect([...rows.keys()]).toEqual(ids);
    expect([...rows.values()]).toEqual([...map.values()]);
    expect([...rows]).toEqual([...map]);
    expect([...seqs.entries()]).toEqual(ids.map((id, n) => [id, n + 1]));
    expect([...seqs.values()].at(-1)).toBe(5000);
  });

  it('refuses a second row with an id it has', () => {
    const index = new LoadIndex([{ id: 'a' }, { id: 'b' }, { id: 'a' }]);
    expect(index.claim(0)).toBe(true);
    expect(index.claim(1)).toBe(true);
    expect(index.claim(2)).toBe(false);
  });

  it('finds nothing in an empty load', () => {
    const rows = new LoadedRows(new LoadIndex<{ id: string }>([]));
    expect(rows.size).toBe(0);
    expect(rows.get('a')).toBeUndefined();
    expect([...rows]).toEqual([]);
  });
});
