/**
 * The change-request lifecycle, as pure functions of (change request, action, actor, now).
 * They return the fields to write (`patch`), or a 409 refusal naming the rule (rules/decision.ts).
 *
 * Moves by PATCH (docs/behaviour.md has the same table):
 *   draft → open, archived;  open → draft, archived;  archived → open.
 * `merged` is reached only by merge and is final.
 */
import { refuse, type Decision } from './decision.ts';
import { defineMachine, movesOf } from '../state-machine.ts';
import type { ChangeRequestRecord, ChangeRequestStatus } from '../store/records.ts';

type Patch = { patch: Partial<ChangeRequestRecord> };

export const STATUS_MOVES: Readonly<Record<ChangeRequestStatus, readonly ChangeRequestStatus[]>> = {
  draft: ['open', 'archived'],
  open: ['draft', 'archived'],
  archived: ['open'],
  merged: [],
};

/** Statuses whose change request still proposes edits (can be merged, updated, reviewed). */
export const ACTIVE_STATUSES: readonly ChangeRequestStatus[] = ['draft', 'open'];

/** The moves by PATCH, then merge (from an active status). */
export const CHANGE_REQUEST_MACHINE = defineMachine('change-request', [
  ...movesOf(STATUS_MOVES),
  ...ACTIVE_STATUSES.map((from) => [from, 'merged'] as const),
]);

export function isActive(cr: Pick<ChangeRequestRecord, 'status'>): boolean {
  return ACTIVE_STATUSES.includes(cr.status);
}

/** The revision of the primary content the change request is based on. */
export function baseRevision(cr: Pick<ChangeRequestRecord, 'revisionInitial' | 'revisionMergedAncestor'>): string {
  return cr.revisionMergedAncestor ?? cr.revisionInitial;
}

/**
 * The base of an active change request: outdated when the primary content moves on, current
 * again by an update (which may also find it current already).
 */
export const CHANGE_REQUEST_BASE_MACHINE = defineMachine('change-request-base', [
  ['current', 'outdated'],
  ['outdated', 'current'],
  ['current', 'current'],
]);

/** Outdated: still active, and the primary content has moved past its base. */
export function isOutdated(cr: ChangeRequestRecord, spaceRevision: string): boolean {
  return isActive(cr) && baseRevision(cr) !== spaceRevision;
}

/** The fields a PATCH writes; a status move not in the table is a 409 and changes nothing. */
export function patchChangeRequest(
  cr: ChangeRequestRecord,
  change: { subject?: string; status?: ChangeRequestStatus },
  now: string,
): Decision<Patch> {
  if (cr.status === 'merged') return refuse(409, `Change request #${cr.number} is merged: it can no longer change`);
  const patch: Partial<ChangeRequestRecord> = {};
  if (change.status !== undefined && change.status !== cr.status) {
    if (!STATUS_MOVES[cr.status].includes(change.status)) {
      const allowed = STATUS_MOVES[cr.status].join(', ') || 'none';
      return refuse(409, `Change request #${cr.number} cannot move from ${cr.status} to ${change.status} (allowed: ${allowed})`);
    }
    patch.status = change.status;
  }
  if (change.subject !== undefined && change.subject !== cr.subject) patch.subject = change.subject;
  if (Object.keys(patch).length > 0) patch.updatedAt = now;
  return { ok: true, patch };
}

/** While active, `patch`; otherwise a 409 naming the status and the action. */
function whileActive(cr: ChangeRequestRecord, action: string, patch: Partial<ChangeRequestRecord>): Decision<Patch> {
  if (!isActive(cr)) return refuse(409, `Change request #${cr.number} is ${cr.status}: it cannot be ${action}`);
  return { ok: true, patch };
}

/** Merging: allowed from draft or open; the change request becomes merged, for good. */
export function mergeChangeRequest(cr: ChangeRequestRecord, actorId: string, now: string, mergedRevision: string): Decision<Patch> {
  return whileActive(cr, 'merged', { status: 'merged', revisionMerged: mergedRevision, mergedAt: now, mergedBy: actorId, updatedAt: now });
}

/** Pulling the primary content in: a new revision based on the space's current one. */
export function updateChangeRequest(cr: ChangeRequestRecord, spaceRevision: string, newRevision: string, now: string): Decision<Patch> {
  return whileActive(cr, 'updated', { revision: newRevision, revisionMergedAncestor: spaceRevision, updatedAt: now });
}

/** Any edit of the content (import): only while active. */
export function editContent(cr: ChangeRequestRecord, newRevision: string, now: string): Decision<Patch> {
  return whileActive(cr, 'edited', { revision: newRevision, updatedAt: now });
}

/** Reviewers are requested while the change request is active. */
export function reviewable(cr: ChangeRequestRecord): Decision {
  return whileActive(cr, 'reviewed', {});
}
