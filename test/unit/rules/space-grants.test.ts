import { describe, expect, it } from 'vitest';
import { grantedRole, type Grant } from '../../../src/rules/space-grants.ts';

const TEAMS = new Set(['writers']);

describe('grantedRole: the highest of the base role and the grants that name the user', () => {
  it.each<[string, 'read' | 'comment' | 'review' | 'edit' | 'create' | 'admin' | null, Grant[], string | null]>([
    ['no grants: the base role', 'comment', [], 'comment'],
    ['no grants, no base: no access', null, [], null],
    ["a user's own grant raises the base", 'read', [{ user: 'u1', role: 'edit' }], 'edit'],
    ['a grant never lowers the base', 'admin', [{ user: 'u1', role: 'read' }], 'admin'],
    ['a grant gives a guest access', null, [{ user: 'u1', role: 'comment' }], 'comment'],
    ["a team's grant applies to its members", 'read', [{ team: 'writers', role: 'review' }], 'review'],
    ["another user's grant does not apply", 'read', [{ user: 'u2', role: 'admin' }], 'read'],
    ["another team's grant does not apply", 'read', [{ team: 'editors', role: 'admin' }], 'read'],
    ['the highest of own and team grants', 'read', [{ user: 'u1', role: 'comment' }, { team: 'writers', role: 'edit' }, { user: 'u1', role: 'review' }], 'edit'],
  ])('%s', (_, base, grants, expected) => {
    expect(grantedRole(base, grants, 'u1', TEAMS)).toBe(expected);
  });
});
