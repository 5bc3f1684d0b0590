/**
 * Work that finishes by itself as the (virtual) clock runs: an OpenAPI spec version is
 * processed, a translation runs. The state is never stored: it is derived from when the
 * work started and the current time, so it cannot go stale.
 */
export const PROCESSING_PENDING_MS = 10_000;
export const PROCESSING_DONE_MS = 60_000;

export type ProcessingPhase = 'queued' | 'working' | 'done';

/** The phase of work started at `startedAt`, at `now` (both ISO text). */
export function processingPhase(startedAt: string, now: string): ProcessingPhase {
  const elapsed = Date.parse(now) - Date.parse(startedAt);
  if (elapsed < PROCESSING_PENDING_MS) return 'queued';
  if (elapsed < PROCESSING_DONE_MS) return 'working';
  return 'done';
}

/** When work started at `startedAt` finished (or will finish). */
export function processingDoneAt(startedAt: string): string {
  return new Date(Date.parse(startedAt) + PROCESSING_DONE_MS).toISOString();
}

/** OpenAPI spec `processingState`: pending, then progress, then complete. */
export function openApiProcessingState(versionCreatedAt: string, now: string): 'pending' | 'progress' | 'complete' {
  return ({ queued: 'pending', working: 'progress', done: 'complete' } as const)[processingPhase(versionCreatedAt, now)];
}

/** Translation `status`: pending, then running, then completed. */
export function translationStatus(startedAt: string, now: string): 'pending' | 'running' | 'completed' {
  return ({ queued: 'pending', working: 'running', done: 'completed' } as const)[processingPhase(startedAt, now)];
}
