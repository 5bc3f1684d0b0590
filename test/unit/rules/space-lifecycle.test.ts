import { describe, expect, it } from 'vitest';
import { applyLifecycle, isPurged, restoreDeadline, spaceState } from '../../../src/rules/space-lifecycle.ts';

const DELETED_AT = '2026-01-01T00:00:00.000Z';

describe('space delete/restore window', () => {
  it('deleting a live space stamps deletedAt with now', () => {
    expect(applyLifecycle({}, 'delete', DELETED_AT)).toEqual({ ok: true, patch: { deletedAt: DELETED_AT, updatedAt: DELETED_AT } });
  });

  it('deleting a deleted space is refused', () => {
    expect(applyLifecycle({ deletedAt: DELETED_AT }, 'delete', '2026-01-02T00:00:00.000Z')).toEqual({ ok: false, status: 404, reason: 'already-deleted' });
  });

  it('restoring a live space is refused', () => {
    expect(applyLifecycle({}, 'restore', DELETED_AT)).toEqual({ ok: false, status: 409, reason: 'not-deleted' });
  });

  it('restoring one millisecond before 7 days clears deletedAt', () => {
    const result = applyLifecycle({ deletedAt: DELETED_AT }, 'restore', '2026-01-07T23:59:59.999Z');
    expect(result).toEqual({ ok: true, patch: { deletedAt: undefined, updatedAt: '2026-01-07T23:59:59.999Z' } });
  });

  it('at exactly 7 days the space is purged and restore is refused', () => {
    expect(applyLifecycle({ deletedAt: DELETED_AT }, 'restore', '2026-01-08T00:00:00.000Z')).toEqual({ ok: false, status: 404, reason: 'purged' });
  });

  it.each([
    ['2026-01-01T00:00:00.000Z', 'deleted'],
    ['2026-01-07T23:59:59.999Z', 'deleted'],
    ['2026-01-08T00:00:00.000Z', 'purged'],
    ['2026-03-01T00:00:00.000Z', 'purged'],
  ])('at %s a space deleted on Jan 1 is %s', (now, state) => {
    expect(spaceState({ deletedAt: DELETED_AT }, now)).toBe(state);
    expect(isPurged({ deletedAt: DELETED_AT }, now)).toBe(state === 'purged');
  });

  it('a live space is active whatever the time', () => {
    expect(spaceState({}, '2099-01-01T00:00:00.000Z')).toBe('active');
  });

  it('the restore deadline is 7 days after deletion', () => {
    expect(restoreDeadline({ deletedAt: DELETED_AT })).toBe('2026-01-08T00:00:00.000Z');
    expect(restoreDeadline({})).toBeUndefined();
  });
});
