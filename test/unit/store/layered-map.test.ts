/** LayeredMap behaves as a Map over a base it never changes (store/layered-map.ts). */
import { describe, expect, it } from 'vitest';
import { LayeredMap } from '../../../src/store/layered-map.ts';

/** The same operations on a LayeredMap and on a Map copied from the base, compared after each. */
function twin(base: [string, number][]) {
  const frozen = new Map(base);
  const layered = new LayeredMap(frozen);
  const plain = new Map(base);
  const same = () => {
    expect([...layered.entries()]).toEqual([...plain.entries()]);
    expect([...layered.keys()]).toEqual([...plain.keys()]);
    expect([...layered.values()]).toEqual([...plain.values()]);
    expect(layered.size).toBe(plain.size);
    for (const key of ['a', 'b', 'c', 'd', 'e']) {
      expect(layered.get(key)).toBe(plain.get(key));
      expect(layered.has(key)).toBe(plain.has(key));
    }
  };
  return { frozen, layered, plain, same };
}

describe('LayeredMap', () => {
  it('keeps Map order and content through sets, deletes and sets again', () => {
    const { frozen, layered, plain, same } = twin([['a', 1], ['b', 2], ['c', 3]]);
    const steps: [string, string, number?][] = [
      ['set', 'b', 20], ['set', 'd', 4], ['delete', 'a'], ['set', 'a', 10], ['delete', 'd'], ['delete', 'zz'],
      ['set', 'e', 5], ['delete', 'b'], ['set', 'c', 30], ['set', 'b', 200], ['delete', 'c'], ['set', 'c', 300],
    ];
    for (const [op, key, value] of steps) {
      if (op === 'set') {
        layered.set(key, value!);
        plain.set(key, value!);
      } else {
        expect(layered.delete(key)).toBe(plain.delete(key));
      }
      same();
    }
    expect([...frozen.entries()]).toEqual([['a', 1], ['b', 2], ['c', 3]]);
  });

  it('adds a key it does not have as set does: new, or deleted from the base', () => {
    const { layered, plain, same } = twin([['a', 1], ['b', 2]]);
    layered.add('d', 4);
    plain.set('d', 4);
    same();
    layered.delete('a');
    plain.delete('a');
    layered.add('a', 10);
    plain.set('a', 10);
    same();
  });

  it('freezes its content into a new base that later writes do not change', () => {
    const { frozen, layered, plain, same } = twin([['a', 1], ['b', 2]]);
    layered.set('c', 3);
    plain.set('c', 3);
    layered.delete('a');
    plain.delete('a');
    const snapshot = layered.freeze();
    expect([...snapshot.entries()]).toEqual([['b', 2], ['c', 3]]);
    layered.set('b', 22);
    plain.set('b', 22);
    same();
    expect(snapshot.get('b')).toBe(2);
    expect(frozen.get('a')).toBe(1);
    const empty = new LayeredMap<number>();
    empty.set('x', 1);
    const first = empty.freeze();
    empty.set('y', 2);
    expect([...first.keys()]).toEqual(['x']);
    expect([...empty.keys()]).toEqual(['x', 'y']);
  });
});
