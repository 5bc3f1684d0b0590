import { describe, expect, it } from 'vitest';
import { decideRemoval, decideRoleChange } from '../../../src/rules/member-role.ts';

describe('member role rules', () => {
  it('lets an admin change a role, null making a guest', () => {
    expect(decideRoleChange({ user: 'u', role: 'read' }, null, 'admin', 1)).toEqual({ ok: true });
  });

  it.each(['create', 'edit', 'read', null] as const)('refuses a %s caller (403)', (actor) => {
    const decision = decideRoleChange({ user: 'u', role: 'read' }, 'edit', actor, 1);
    expect(decision).toMatchObject({ ok: false, status: 403 });
  });

  it('refuses to demote the last admin (409), and allows it when another admin remains', () => {
    expect(decideRoleChange({ user: 'a', role: 'admin' }, 'edit', 'admin', 1)).toMatchObject({ ok: false, status: 409 });
    expect(decideRoleChange({ user: 'a', role: 'admin' }, 'edit', 'admin', 2)).toEqual({ ok: true });
  });

  it('lets a member leave, and only admins remove others', () => {
    expect(decideRemoval({ user: 'u', role: 'read' }, 'u', 'read', 1)).toEqual({ ok: true });
    expect(decideRemoval({ user: 'u', role: 'read' }, 'v', 'edit', 1)).toMatchObject({ ok: false, status: 403 });
    expect(decideRemoval({ user: 'u', role: 'read' }, 'v', 'admin', 1)).toEqual({ ok: true });
  });

  it('refuses to remove the last admin', () => {
    expect(decideRemoval({ user: 'a', role: 'admin' }, 'a', 'admin', 1)).toMatchObject({ ok: false, status: 409 });
  });
});
