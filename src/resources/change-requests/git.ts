/**
 * Git Sync: import and export are recorded on the space and answered 204 at once (the
 * mock has no repository to wait for). An import makes a revision carrying Git metadata;
 * unless `standalone`, it becomes the space's primary content and links the space to the
 * repository. Credentials in URLs are stripped before anything is stored.
 */
import { sha1Hex } from '../../text/digest.ts';
import { noteOutdated } from '../shared/outdated.ts';
import { errors } from '../../contract/errors.ts';
import { type HandlerContext, type Operation } from '../../contract/operation.ts';
import type { RequestTypes } from '../../contract/request-types.ts';
import { commitUrl, isInOrder, providerOf, repoName, stripCredentials } from '../../rules/git-sync.ts';
import type { GitSyncRecord, SpaceRecord } from '../../store/records.ts';
import { requireEditable, requireSpace } from '../shared/access.ts';
import { presentGitSync } from '../shared/git-sync.ts';
import { fileAssetPath, mapPages } from '../shared/page-tree.ts';
import { contentOf, createRevision, revisionOf } from '../shared/revisions.ts';
import { officialOp } from '../engine/operations.ts';

/** An import's body; an export's is the same with its commit message. */
type GitBody = RequestTypes['change-requests/git-import-body'];

/** A 40-hex object id, different for each operation of a run. */
function oid(ctx: HandlerContext, what: string): string {
  return sha1Hex(`${ctx.ids.next('git')}:${what}`);
}

/**
 * The space's Git Sync after an operation. `gitInfo` is what the integrations send when the
 * space's Git info should change (on configuration); without it a linked space keeps the
 * provider and URL it shows (the GitHub integration's pushes and previews send none).
 */
function syncRecord(ctx: HandlerContext<{ spaceId: string }, unknown, GitBody>, space: SpaceRecord, direction: 'import' | 'export'): GitSyncRecord {
  const { url, ref, gitInfo, timestamp } = ctx.body;
  const kept = gitInfo ? undefined : space.gitSync;
  const provider = kept?.installationProvider ?? providerOf(url, gitInfo?.provider);
  return {
    repoName: repoName(url),
    installationProvider: provider,
    integration: kept?.integration ?? provider,
    installationId: space.gitSync?.installationId ?? ctx.ids.next('gitInstallation'),
    url: kept?.url ?? stripCredentials(gitInfo?.url ?? url),
    ref,
    updatedAt: ctx.now,
    lastOperationAt: timestamp ?? ctx.now,
    lastOperation: { direction, startedAt: ctx.now },
  };
}

export const gitOperations: Operation[] = [
  officialOp('importGitRepository', {
    body: 'change-requests/git-import-body',
    handle: (ctx) => {
      const { space } = requireSpace(ctx, ctx.params.spaceId, 'edit', { action: 'sync this space with Git' });
      const { standalone, ref, repoCommitURL, timestamp } = ctx.body;
      if (!standalone) requireEditable(space);
      if (!isInOrder(space.gitSync, timestamp)) return undefined;
      const current = revisionOf(ctx, space.revision);
      const commit = oid(ctx, 'commit');
      const revision = createRevision(ctx, space, {
        ...contentOf(current),
        pages: mapPages(current.pages, (page, _path, file) => ({ ...page, git: { oid: oid(ctx, file), path: file } })),
        files: current.files.map((f) => ({ ...f, git: { oid: oid(ctx, f.name), path: fileAssetPath(f) } })),
        parents: [current.id],
        type: 'git-import',
        git: {
          oid: commit,
          message: `Import ${ref.replace(/^refs\/heads\//, '')} from ${repoName(ctx.body.url)}`,
          createdByService: false,
          ref,
          ...(repoCommitURL && { url: commitUrl(repoCommitURL, commit) }),
        },
      });
      if (!standalone) {
        ctx.db.spaces.update(space.id, { revision: revision.id, updatedAt: ctx.now, gitSync: syncRecord(ctx, space, 'import') });
        noteOutdated(ctx, space.id, space.revision);
      }
      return undefined;
    },
  }),
  officialOp('exportToGitRepository', {
    body: 'change-requests/git-export-body',
    handle: (ctx) => {
      const { space } = requireSpace(ctx, ctx.params.spaceId, 'edit', { action: 'sync this space with Git' });
      if (!isInOrder(space.gitSync, ctx.body.timestamp)) return undefined;
      // The exported commit is the current revision's (mutable) Git metadata.
      const { ref, commitMessage, repoCommitURL } = ctx.body;
      const commit = oid(ctx, 'export');
      ctx.db.revisions.update(space.revision, {
        git: {
          oid: commit,
          message: commitMessage!,
          createdByService: true,
          ref,
          ...(repoCommitURL && { url: commitUrl(repoCommitURL, commit) }),
        },
      });
      if (!ctx.body.standalone) ctx.db.spaces.update(space.id, { gitSync: syncRecord(ctx, space, 'export') });
      return undefined;
    },
  }),
  officialOp('getSpaceGitInfo', {
    response: 'change-requests/git-info',
    handle: (ctx) => {
      const { space } = requireSpace(ctx, ctx.params.spaceId, 'view');
      const sync = presentGitSync(space);
      if (!sync) throw errors.notFound(`Git Sync on space "${space.id}"`);
      return sync;
    },
  }),
];
