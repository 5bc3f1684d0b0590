import { describe, expect, it } from 'vitest';
import { applyReactions } from '../../../src/rules/reactions.ts';

const T1 = '2026-01-01T00:00:00.000Z';
const T2 = '2026-01-02T00:00:00.000Z';

describe('emoji reactions', () => {
  it('adding a reaction creates the emoji with the user', () => {
    expect(applyReactions([], ['👍'], [], 'a', T1)).toEqual([{ emoji: '👍', users: [{ user: 'a', reactedAt: T1 }] }]);
  });

  it('adding the same reaction twice keeps one per user, with the first time', () => {
    const once = applyReactions([], ['👍'], [], 'a', T1);
    expect(applyReactions(once, ['👍', '👍'], [], 'a', T2)).toEqual(once);
  });

  it('a second user joins the same emoji', () => {
    const once = applyReactions([], ['👍'], [], 'a', T1);
    expect(applyReactions(once, ['👍'], [], 'b', T2)[0].users.map((u) => u.user)).toEqual(['a', 'b']);
  });

  it('removing a reaction that is not there changes nothing', () => {
    const once = applyReactions([], ['👍'], [], 'a', T1);
    expect(applyReactions(once, [], ['👍'], 'b', T2)).toEqual(once);
    expect(applyReactions(once, [], ['🎉'], 'a', T2)).toEqual(once);
  });

  it('removing the last user of an emoji drops the emoji', () => {
    const once = applyReactions([], ['👍'], [], 'a', T1);
    expect(applyReactions(once, [], ['👍'], 'a', T2)).toEqual([]);
  });

  it('removal wins when one request adds and removes the same emoji', () => {
    expect(applyReactions([], ['👍'], ['👍'], 'a', T1)).toEqual([]);
  });

  it('does not change the list it was given', () => {
    const once = applyReactions([], ['👍'], [], 'a', T1);
    const copy = structuredClone(once);
    applyReactions(once, ['👍'], [], 'b', T2);
    expect(once).toEqual(copy);
  });
});
