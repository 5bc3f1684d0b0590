import { describe, expect, it } from 'vitest';
import {
  isOutdated,
  mergeChangeRequest,
  patchChangeRequest,
  reviewable,
  updateChangeRequest,
} from '../../../src/rules/change-request.ts';
import type { Decision } from '../../../src/rules/decision.ts';
import type { ChangeRequestRecord, ChangeRequestStatus } from '../../../src/store/records.ts';

const NOW = '2026-01-01T00:00:00.000Z';

function cr(fields: Partial<ChangeRequestRecord> = {}): ChangeRequestRecord {
  return {
    id: 'cr1',
    space: 's1',
    number: 3,
    status: 'open',
    subject: 'Subject',
    createdBy: 'u1',
    createdAt: '2025-12-01T00:00:00.000Z',
    updatedAt: '2025-12-01T00:00:00.000Z',
    revision: 'r-cr',
    revisionInitial: 'r0',
    ...fields,
  };
}

/** The status a refusal stands for; undefined when the rule allows. */
function statusOf(decision: Decision): number | undefined {
  return decision.ok ? undefined : decision.status;
}

describe('change request status moves by PATCH', () => {
  const allowed: [ChangeRequestStatus, ChangeRequestStatus][] = [
    ['draft', 'open'],
    ['draft', 'archived'],
    ['open', 'draft'],
    ['open', 'archived'],
    ['archived', 'open'],
  ];
  it.each(allowed)('%s → %s is allowed', (from, to) => {
    expect(patchChangeRequest(cr({ status: from }), { status: to }, NOW)).toEqual({ ok: true, patch: { status: to, updatedAt: NOW } });
  });

  const refused: [ChangeRequestStatus, ChangeRequestStatus][] = [
    ['archived', 'draft'],
    ['merged', 'open'],
    ['merged', 'draft'],
    ['merged', 'archived'],
  ];
  it.each(refused)('%s → %s is a 409', (from, to) => {
    expect(statusOf(patchChangeRequest(cr({ status: from }), { status: to }, NOW))).toBe(409);
  });

  it('keeps the same status without writing anything', () => {
    expect(patchChangeRequest(cr({ status: 'open' }), { status: 'open' }, NOW)).toEqual({ ok: true, patch: {} });
  });

  it('changes the subject of an archived change request', () => {
    expect(patchChangeRequest(cr({ status: 'archived' }), { subject: 'New' }, NOW)).toEqual({ ok: true, patch: { subject: 'New', updatedAt: NOW } });
  });

  it('refuses even a subject change once merged', () => {
    expect(statusOf(patchChangeRequest(cr({ status: 'merged' }), { subject: 'New' }, NOW))).toBe(409);
  });
});

describe('merge', () => {
  it.each(['open', 'draft'] as const)('merges from %s, recording who, when and the resulting revision', (status) => {
    expect(mergeChangeRequest(cr({ status }), 'u2', NOW, 'r-merge')).toEqual({
      ok: true,
      patch: { status: 'merged', revisionMerged: 'r-merge', mergedAt: NOW, mergedBy: 'u2', updatedAt: NOW },
    });
  });

  it.each(['archived', 'merged'] as const)('refuses to merge a change request that is %s', (status) => {
    expect(statusOf(mergeChangeRequest(cr({ status }), 'u2', NOW, 'r-merge'))).toBe(409);
  });
});

describe('outdated', () => {
  it('is false while the base is the space revision', () => {
    expect(isOutdated(cr({ revisionInitial: 'r0' }), 'r0')).toBe(false);
  });

  it('is true once the space revision moved on', () => {
    expect(isOutdated(cr({ revisionInitial: 'r0' }), 'r1')).toBe(true);
  });

  it('uses the merged ancestor as base after an update', () => {
    expect(isOutdated(cr({ revisionInitial: 'r0', revisionMergedAncestor: 'r1' }), 'r1')).toBe(false);
  });

  it.each(['archived', 'merged'] as const)('is false for a change request that is %s', (status) => {
    expect(isOutdated(cr({ status, revisionInitial: 'r0' }), 'r1')).toBe(false);
  });
});

describe('update (pull the primary content in)', () => {
  it('moves the base to the space revision and the content to a new revision', () => {
    expect(updateChangeRequest(cr(), 'r1', 'r-new', NOW)).toEqual({ ok: true, patch: { revision: 'r-new', revisionMergedAncestor: 'r1', updatedAt: NOW } });
  });

  it('refuses a merged change request', () => {
    expect(statusOf(updateChangeRequest(cr({ status: 'merged' }), 'r1', 'r-new', NOW))).toBe(409);
  });

  it('refuses reviewers on an archived change request', () => {
    expect(statusOf(reviewable(cr({ status: 'archived' })))).toBe(409);
  });
});
