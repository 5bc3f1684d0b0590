/**
 * For tests that check a `permissions` object against what the server then allows: the
 * starter scenario's users of the organization, one per role, highest first.
 */
import { expect } from 'vitest';
import type { Role } from '../../src/auth/roles.ts';
import type { Calls } from './calls.ts';

export const ROLE_USERS = ['admin', 'creator', 'editor', 'reviewer', 'commenter', 'reader'];

/** Every starter user with their role in `acme` (the outsider has none). */
export const STARTER_ROLES: [string, Role | undefined][] = [
  ['admin', 'admin'],
  ['creator', 'create'],
  ['editor', 'edit'],
  ['reviewer', 'review'],
  ['commenter', 'comment'],
  ['reader', 'read'],
  ['outsider', undefined],
];

/** Whether a status means the server did what was asked. */
export const allowed = (status: number): boolean => status >= 200 && status < 300;

/** The `permissions` of the object at `path`, as `user` reads it (the read must succeed). */
export async function permissionsOf(t: Calls, user: string, path: string) {
  const res = await t.call(user, 'GET', path);
  expect(res.status).toBe(200);
  return res.body.permissions;
}
