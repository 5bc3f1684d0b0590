import { describe, expect, it } from 'vitest';
import { applyRosterUpdate, canManageTeamMembers, putRosterMember, removeRosterMember, type TeamRole } from '../../../src/rules/team-membership.ts';

const roster = (entries: [string, TeamRole][]) => new Map<string, TeamRole>(entries);

describe('team roster rules', () => {
  it('adds users with the member role by default', () => {
    const change = applyRosterUpdate(roster([]), { add: ['u1'] });
    expect([...change.roster]).toEqual([['u1', 'member']]);
    expect(change.added).toEqual(['u1']);
  });

  it('keeps the role of a user who is added again', () => {
    const change = applyRosterUpdate(roster([['u1', 'owner']]), { add: ['u1'] });
    expect(change.roster.get('u1')).toBe('owner');
    expect(change.added).toEqual([]);
  });

  it('lets removal win over add for a user in both', () => {
    const change = applyRosterUpdate(roster([]), { add: ['u1', 'u2'], remove: ['u1'] });
    expect([...change.roster.keys()]).toEqual(['u2']);
  });

  it('lets removal win over a membership entry, for a user already in the team', () => {
    const change = applyRosterUpdate(roster([['u1', 'member']]), { add: ['u1'], remove: ['u1'], memberships: { u1: 'owner' } });
    expect(change.roster.has('u1')).toBe(false);
    expect(change.removed).toEqual(['u1']);
  });

  it('sets roles from memberships, adding users not yet in the team', () => {
    const change = applyRosterUpdate(roster([['u1', 'member']]), { memberships: { u1: 'owner', u2: 'owner' } });
    expect(change.changed).toEqual(['u1']);
    expect(change.added).toEqual(['u2']);
    expect(change.roster.get('u2')).toBe('owner');
  });

  it('puts one member with a role, or keeps the current role when none is given', () => {
    expect(putRosterMember(roster([]), 'u1').roster.get('u1')).toBe('member');
    expect(putRosterMember(roster([['u1', 'owner']]), 'u1').roster.get('u1')).toBe('owner');
    expect(putRosterMember(roster([['u1', 'owner']]), 'u1', 'member').changed).toEqual(['u1']);
  });

  it('removes one member, and reports a user who is not in the team', () => {
    expect(removeRosterMember(roster([['u1', 'member']]), 'u1')?.removed).toEqual(['u1']);
    expect(removeRosterMember(roster([]), 'u1')).toBeUndefined();
  });

  it.each([
    [true, undefined, true],
    [false, 'owner', true],
    [false, 'member', false],
    [false, undefined, false],
  ] as const)('admin %s, team role %s: manages members %s', (admin, role, expected) => {
    expect(canManageTeamMembers(admin, role)).toBe(expected);
  });
});
