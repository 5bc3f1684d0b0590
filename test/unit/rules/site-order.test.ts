import { describe, expect, it } from 'vitest';
import { canLeave, effectiveDefault, moveInOrder, uniquePath } from '../../../src/rules/site-order.ts';

describe('moveInOrder', () => {
  const order = ['a', 'b', 'c', 'd'];

  it('moves an item before another', () => {
    expect(moveInOrder(order, 'd', { before: 'b' })).toEqual({ ok: true, order: ['a', 'd', 'b', 'c'] });
  });

  it('moves an item after another', () => {
    expect(moveInOrder(order, 'a', { after: 'c' })).toEqual({ ok: true, order: ['b', 'c', 'a', 'd'] });
  });

  it('moves an item to the end without a position', () => {
    expect(moveInOrder(order, 'b')).toEqual({ ok: true, order: ['a', 'c', 'd', 'b'] });
  });

  it('inserts an item that comes from another container', () => {
    expect(moveInOrder(order, 'x', { before: 'a' })).toEqual({ ok: true, order: ['x', 'a', 'b', 'c', 'd'] });
  });

  it('accepts before and after when they are neighbours', () => {
    expect(moveInOrder(order, 'd', { after: 'a', before: 'b' })).toEqual({ ok: true, order: ['a', 'd', 'b', 'c'] });
  });

  it('refuses before and after that are not neighbours', () => {
    expect(moveInOrder(order, 'd', { after: 'c', before: 'a' })).toMatchObject({ ok: false, field: 'after' });
  });

  it('refuses a position relative to the item itself', () => {
    expect(moveInOrder(order, 'b', { before: 'b' })).toMatchObject({ ok: false, field: 'before' });
  });

  it('refuses an anchor outside the list', () => {
    expect(moveInOrder(order, 'b', { after: 'zz' })).toMatchObject({ ok: false, field: 'after' });
  });
});

describe('effectiveDefault', () => {
  it('keeps the preferred item while it is there', () => {
    expect(effectiveDefault(['a', 'b'], 'b')).toBe('b');
  });

  it('falls back to the first item when the preferred one is gone', () => {
    expect(effectiveDefault(['a', 'b'], 'z')).toBe('a');
  });

  it('has no default in an empty container', () => {
    expect(effectiveDefault([], 'a')).toBeUndefined();
  });
});

describe('canLeave', () => {
  it('keeps the last site space of a section', () => {
    expect(canLeave(1, true)).toBe(false);
    expect(canLeave(2, true)).toBe(true);
  });

  it('lets the root lose its last site space', () => {
    expect(canLeave(1, false)).toBe(true);
  });
});

describe('uniquePath', () => {
  it('suffixes a taken path', () => {
    expect(uniquePath('guide', new Set(['guide', 'guide-2']))).toBe('guide-3');
  });

  it('stays within the path limit', () => {
    const long = 'x'.repeat(100);
    const path = uniquePath(long, new Set([long]));
    expect(path).toHaveLength(100);
    expect(path.endsWith('-2')).toBe(true);
  });
});
