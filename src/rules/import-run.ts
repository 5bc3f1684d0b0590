/**
 * An import run's status, derived from when it was started, the clock and whether it was
 * cancelled: pending for its first IMPORT_PENDING_MS, in progress until IMPORT_DONE_MS, then
 * completed (a cancelled run stays cancelled). Never stored, so it cannot go stale.
 */
export const IMPORT_PENDING_MS = 5_000;
export const IMPORT_DONE_MS = 30_000;

export type ImportStatus = 'pending' | 'in-progress' | 'completed' | 'cancelled';

export interface ImportTimes {
  status: ImportStatus;
  startedAt?: string;
  completedAt?: string;
  updatedAt: string;
}

const plus = (at: string, ms: number) => new Date(Date.parse(at) + ms).toISOString();

/** The run's status and times at `now`; `cancelledAt` when it was cancelled. */
export function importTimes(createdAt: string, now: string, cancelledAt?: string): ImportTimes {
  const at = cancelledAt ?? now;
  const elapsed = Date.parse(at) - Date.parse(createdAt);
  const startedAt = elapsed >= IMPORT_PENDING_MS ? plus(createdAt, IMPORT_PENDING_MS) : undefined;
  if (cancelledAt && elapsed < IMPORT_DONE_MS) return { status: 'cancelled', ...(startedAt && { startedAt }), updatedAt: cancelledAt };
  if (elapsed >= IMPORT_DONE_MS) {
    const completedAt = plus(createdAt, IMPORT_DONE_MS);
    return { status: 'completed', startedAt: plus(createdAt, IMPORT_PENDING_MS), completedAt, updatedAt: completedAt };
  }
  return startedAt ? { status: 'in-progress', startedAt, updatedAt: startedAt } : { status: 'pending', updatedAt: createdAt };
}
