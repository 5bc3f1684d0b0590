/**
 * The space delete/restore window, as pure functions of (space, action, now).
 * DELETE marks a live space deleted; restore brings it back within 7 days; from 7 days
 * on the space is permanently removed and nothing (restore included) reaches it.
 */
import { refuse, type Decision } from './decision.ts';
import { defineMachine } from '../state-machine.ts';

export const RESTORE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export interface Deletable {
  deletedAt?: string;
}

export type SpaceState = 'active' | 'deleted' | 'purged';

/** The space's state at `now` (ISO text, read only for a deleted space: most reads are of live ones). */
export function spaceState(space: Deletable, now: string): SpaceState {
  if (space.deletedAt === undefined) return 'active';
  return Date.parse(now) - Date.parse(space.deletedAt) >= RESTORE_WINDOW_MS ? 'purged' : 'deleted';
}

/** Whether a space is permanently gone at `now` (ISO): deleted 7 days ago or more. */
export function isPurged(space: Deletable, now: string): boolean {
  return spaceState(space, now) === 'purged';
}

/** The moment a deleted space stops being restorable. */
export function restoreDeadline(space: Deletable): string | undefined {
  return space.deletedAt === undefined ? undefined : new Date(Date.parse(space.deletedAt) + RESTORE_WINDOW_MS).toISOString();
}

/** Delete, restore within the window; a purged space refuses every move. */
export const SPACE_MACHINE = defineMachine(
  'space',
  [
    ['active', 'deleted'],
    ['deleted', 'active'],
  ],
  ['purged'],
);

export type LifecycleAction = 'delete' | 'restore';

/** A refusal's reason is `not-deleted` (409), `already-deleted` or `purged` (404: no such space to act on). */
export type LifecycleResult = Decision<{ patch: { deletedAt: string | undefined; updatedAt: string } }>;

/** What `action` does to the space at `now` (ISO): the record patch, or why it cannot. */
export function applyLifecycle(space: Deletable, action: LifecycleAction, now: string): LifecycleResult {
  const state = spaceState(space, now);
  if (state === 'purged') return refuse(404, 'purged');
  if (action === 'delete') {
    if (state === 'deleted') return refuse(404, 'already-deleted');
    return { ok: true, patch: { deletedAt: now, updatedAt: now } };
  }
  if (state === 'active') return refuse(409, 'not-deleted');
  return { ok: true, patch: { deletedAt: undefined, updatedAt: now } };
}
