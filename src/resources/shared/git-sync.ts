/**
 * The Git Sync state of a space (official GitSyncState), as served by the Git info
 * operation and inside the Space object (`gitSync`).
 */
import type { SpaceRecord } from '../../store/records.ts';

export function presentGitSync(space: SpaceRecord) {
  const sync = space.gitSync;
  if (!sync) return undefined;
  return {
    repoName: sync.repoName,
    installationId: sync.installationId ?? `${space.id}-git`,
    installationProvider: sync.installationProvider,
    installationStatus: 'active' as const,
    integration: sync.integration,
    url: sync.url,
    ...(sync.ref && { ref: sync.ref }),
    updatedAt: sync.updatedAt,
    ...(sync.lastOperation && {
      operation: {
        state: 'success' as const,
        direction: sync.lastOperation.direction,
        startedAt: sync.lastOperation.startedAt,
        endedAt: sync.lastOperation.startedAt,
      },
    }),
  };
}
