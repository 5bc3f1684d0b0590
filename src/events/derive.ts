/**
 * Which events a committed write makes, read from the rows it changed (each with the row it
 * replaced): events follow the state, so every path that moves a space's content, its
 * visibility or its Git Sync, or sets up an installation, sends the same events, and a
 * refused request (nothing committed) sends none. Pure: no clock, no store writes.
 */
import type { Row } from '../store/table.ts';
import type { RowChange } from '../store/store.ts';
import type { ContentInstallationRecord, InstallationRecord, RevisionRecord, SpaceRecord } from '../store/records.ts';
import type { IntegrationTask, VisitorActivity } from '../contract/operation.ts';

type Status = InstallationRecord['status'];

/** What happened, before it is addressed to the installations that receive it (events/address.ts). */
export type Occurrence =
  | { type: 'space_content_updated'; space: string; revisionId: string }
  | { type: 'space_visibility_updated'; space: string; previousVisibility: string; visibility: string }
  | { type: 'space_gitsync_started'; space: string; revisionId: string; commitId: string }
  | { type: 'space_gitsync_completed'; space: string; revisionId: string; commitId: string; state: 'success' }
  | { type: 'installation_setup'; installation: InstallationRecord; previous?: { status: Status; configuration: Record<string, unknown> } }
  | { type: 'installation_deleted'; installation: InstallationRecord }
  | { type: 'space_installation_setup' | 'site_installation_setup'; content: ContentInstallationRecord; previous?: { status: Status; configuration: Record<string, unknown> } }
  | { type: 'space_installation_deleted' | 'site_installation_deleted'; content: ContentInstallationRecord }
  | VisitorActivity
  | IntegrationTask;

export type OccurrenceType = Occurrence['type'];

/** Whether an update changed what an installation's setup event tells (status, configuration). */
function setupChanged(before: { status: Status; configuration: unknown }, after: { status: Status; configuration: unknown }): boolean {
  return before.status !== after.status || JSON.stringify(before.configuration) !== JSON.stringify(after.configuration);
}

/** A Git Sync operation, read from the revision it made (import) or stamped (export). */
interface GitOperation {
  space: string;
  revisionId: string;
  commitId: string;
}

function gitOperation(before: RevisionRecord | null, after: RevisionRecord | null): GitOperation | undefined {
  if (!after?.git) return undefined;
  const imported = !before && after.type === 'git-import';
  const exported = before !== null && before.git?.oid !== after.git.oid;
  return imported || exported ? { space: after.space, revisionId: after.id, commitId: after.git.oid } : undefined;
}

const started = (op: GitOperation): Occurrence => ({ type: 'space_gitsync_started', ...op });
const completed = (op: GitOperation): Occurrence => ({ type: 'space_gitsync_completed', ...op, state: 'success' });

function spaceEvents(before: SpaceRecord | null, after: SpaceRecord | null, sync: GitOperation[]): Occurrence[] {
  // A space created, deleted for good or moved to the trash changes no content anyone installed on it sees.
  if (!before || !after || after.deletedAt) return [];
  const out: Occurrence[] = [];
  const space = after.id;
  out.push(...sync.map(started));
  if (before.revision !== after.revision) out.push({ type: 'space_content_updated', space, revisionId: after.revision });
  out.push(...sync.map(completed));
  if (before.visibility !== after.visibility) {
    out.push({ type: 'space_visibility_updated', space, previousVisibility: before.visibility, visibility: after.visibility });
  }
  return out;
}

function installationEvents(before: InstallationRecord | null, after: InstallationRecord | null): Occurrence[] {
  if (!after) return before ? [{ type: 'installation_deleted', installation: before }] : [];
  if (!before) return [{ type: 'installation_setup', installation: after }];
  if (!setupChanged(before, after)) return [];
  return [{ type: 'installation_setup', installation: after, previous: { status: before.status, configuration: before.configuration } }];
}

function contentEvents(kind: 'space' | 'site', before: ContentInstallationRecord | null, after: ContentInstallationRecord | null): Occurrence[] {
  if (!after) return before ? [{ type: `${kind}_installation_deleted`, content: before }] : [];
  if (!before) return [{ type: `${kind}_installation_setup`, content: after }];
  if (!setupChanged(before, after)) return [];
  return [{ type: `${kind}_installation_setup`, content: after, previous: { status: before.status, configuration: before.configuration } }];
}

/**
 * The events of one committed write. A Git operation is read from its revision: an import
 * makes a `git-import` revision (the space's content, or a standalone preview), an export
 * stamps the current revision with its commit. Its started and completed events surround
 * the content update it made, if any.
 */
export function deriveEvents(changes: RowChange[], before: (Row | null)[]): Occurrence[] {
  // Made at the first Git operation: most writes have none (every write of a session with an installation comes here).
  let sync: Map<string, GitOperation[]> | undefined;
  changes.forEach(([collection, , after], i) => {
    if (collection !== 'revisions') return;
    const op = gitOperation(before[i] as RevisionRecord | null, after as RevisionRecord | null);
    if (op) (sync ??= new Map()).set(op.space, [...(sync.get(op.space) ?? []), op]);
  });
  const out: Occurrence[] = [];
  changes.forEach(([collection, id, after], i) => {
    const old = before[i];
    if (collection === 'spaces') {
      out.push(...spaceEvents(old as SpaceRecord | null, after as SpaceRecord | null, sync?.get(id) ?? []));
      sync?.delete(id);
    } else if (collection === 'installations') out.push(...installationEvents(old as InstallationRecord | null, after as InstallationRecord | null));
    else if (collection === 'spaceInstallations') out.push(...contentEvents('space', old as ContentInstallationRecord | null, after as ContentInstallationRecord | null));
    else if (collection === 'siteInstallations') out.push(...contentEvents('site', old as ContentInstallationRecord | null, after as ContentInstallationRecord | null));
  });
  // Operations that left the space's row as it was (a standalone import, an export).
  if (sync) for (const ops of sync.values()) out.push(...ops.map(started), ...ops.map(completed));
  return out;
}
