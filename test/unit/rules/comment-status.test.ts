import { describe, expect, it } from 'vitest';
import { applyResolution, mayResolve } from '../../../src/rules/comment-status.ts';

const NOW = '2026-01-01T00:00:00.000Z';

describe('comment resolution', () => {
  it('resolving an open comment sets status, resolvedAt and resolvedBy', () => {
    expect(applyResolution({ status: 'open' }, true, 'u1', NOW)).toEqual({ status: 'resolved', resolvedAt: NOW, resolvedBy: 'u1' });
  });

  it('reopening a resolved comment clears resolvedAt and resolvedBy', () => {
    const comment = { status: 'resolved' as const, resolvedAt: NOW, resolvedBy: 'u1' };
    expect(applyResolution(comment, false, 'u2', NOW)).toEqual({ status: 'open', resolvedAt: undefined, resolvedBy: undefined });
  });

  it('resolving a resolved comment changes nothing (the first resolver stays)', () => {
    expect(applyResolution({ status: 'resolved', resolvedAt: NOW, resolvedBy: 'u1' }, true, 'u2', NOW)).toBeUndefined();
  });

  it('reopening an open comment changes nothing', () => {
    expect(applyResolution({ status: 'open' }, false, 'u1', NOW)).toBeUndefined();
  });

  it.each([
    [true, true, false, true],
    [true, false, false, false],
    [false, true, false, false],
    [false, true, true, true],
    [false, false, true, true],
  ])('author=%s comment=%s review=%s may resolve: %s', (isAuthor, canComment, canReview, expected) => {
    expect(mayResolve(isAuthor, canComment, canReview)).toBe(expected);
  });
});
