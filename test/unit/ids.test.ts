import { describe, expect, it } from 'vitest';
import { PositionalIds } from '../../src/ids.ts';

describe('PositionalIds', () => {
  const ids = new PositionalIds('7:large:comment');

  it('gives every position its own 20-character base62 id, and each id back its position', () => {
    const seen = new Set<string>();
    // Positions in order, and some far apart (the mixing covers all 32 bits).
    const positions = [...Array.from({ length: 20_000 }, (_, n) => n), 1_000_003, 2 ** 31, 2 ** 32 - 1];
    for (const n of positions) {
      const id = ids.idAt(n);
      expect(id).toMatch(/^[0-9A-Za-z]{20}$/);
      expect(ids.positionOf(id, 2 ** 32)).toBe(n);
      seen.add(id);
    }
    expect(seen.size).toBe(positions.length);
  });

  it('is the same for the same seed text, and another for another', () => {
    expect(new PositionalIds('7:large:comment').idAt(41)).toBe(ids.idAt(41));
    expect(new PositionalIds('8:large:comment').idAt(41)).not.toBe(ids.idAt(41));
    expect(new PositionalIds('8:large:comment').positionOf(ids.idAt(41), 100)).toBe(-1);
  });

  it('knows no id past its length, nor any text that is not one of its ids', () => {
    expect(ids.positionOf(ids.idAt(10), 10)).toBe(-1);
    expect(ids.positionOf(ids.idAt(9), 10)).toBe(9);
    const id = ids.idAt(5);
    // One character changed anywhere: the first fourteen are checked, the last six decoded.
    for (const at of [0, 13, 14, 19]) {
      const changed = id.slice(0, at) + (id[at] === 'a' ? 'b' : 'a') + id.slice(at + 1);
      expect(ids.positionOf(changed, 100)).toBe(-1);
    }
    for (const text of ['', 'short', `${id}x`, `${id.slice(0, 19)}é`, `${id.slice(0, 14)}zzzzzz`, '~'.repeat(20)]) {
      expect(ids.positionOf(text, 2 ** 32)).toBe(-1);
    }
  });
});
