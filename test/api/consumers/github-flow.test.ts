/**
 * One real integration flow, end to end: the calls GitBook's GitHub integration
 * (GitbookIO/integrations, integrations/github: installation.ts, tasks.ts, sync.ts, index.ts)
 * makes through the official client, in its order and with its bodies:
 * 1. configuration saved with GitHub as priority: a forced import of the branch with gitInfo;
 * 2. a pull request opened: a standalone import of `refs/pull/42/head` (a preview), then on
 *    GitBook's `space_gitsync_completed` event getSpaceById for the commit status links and
 *    the preview revision read by id, with its pages;
 * 3. the pull request merged (a push to main): an import with the push's timestamp; on
 *    `space_content_updated` getRevisionById, which says the revision came from Git: no export;
 * 4. a change request merged in GitBook: `space_content_updated` again, now without Git
 *    metadata, so getCurrentRevision and an export whose commit message names the change request.
 * The revision ids the integration works on come from the events the mock sends the
 * integration installed on the space (starter's docs-bot, to the session's sink), as
 * GitBook delivers them to the GitHub integration's handlers.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const REPO = { accountName: 'acme', repoName: 'handbook', branch: 'refs/heads/main', key: 'cfg-acme-handbook-main' };
const repositoryUrl = `https://github.com/${REPO.accountName}/${REPO.repoName}`;
const repoTreeURL = `${repositoryUrl}/blob/main`; // getGitTreeURL: blob/ and the pretty ref
const repoCommitURL = `${repositoryUrl}/commit`; // getGitCommitURL: no trailing slash

/** triggerImport's body (sync.ts), with the installation token in the URL as the integration puts it. */
function importBody(options: { standaloneRef?: string; force?: boolean; updateGitInfo?: boolean; eventTimestamp?: Date }) {
  const url = new URL(`${repositoryUrl}.git`);
  url.username = 'x-access-token';
  url.password = 'ghs_installationToken';
  return JSON.parse(
    JSON.stringify({
      url: url.toString(),
      ref: options.standaloneRef || REPO.branch,
      repoTreeURL,
      repoCommitURL,
      repoProjectDirectory: undefined,
      repoCacheID: REPO.key,
      force: options.force ?? false,
      timestamp: options.eventTimestamp && !options.force ? options.eventTimestamp.toISOString() : undefined,
      standalone: !!options.standaloneRef,
      ...(options.updateGitInfo ? { gitInfo: { provider: 'github', url: repoTreeURL } } : {}),
    }),
  );
}

/** The next event of `type` the mock sent the space's integration (the official body). */
const event = <T extends 'space_content_updated' | 'space_gitsync_started' | 'space_gitsync_completed'>(t: Calls, type: T) => gb.mock!.events.next(type, { timeoutMs: 1000 });

describe('the GitHub integration flow, replayed', () => {
  it('configures, previews a pull request, imports the merge, and exports a GitBook change request', async () => {
    const api = gb.client('editor');
    const spaceId = gb.id('spaces', 'handbook');
    const liveBefore = (await api.spaces.getCurrentRevision(spaceId)).data.id;

    // 1. Configuration saved, GitHub first: a forced import that links the space.
    expect((await api.spaces.importGitRepository(spaceId, importBody({ force: true, updateGitInfo: true }))).status).toBe(204);
    const info = await api.spaces.getSpaceGitInfo(spaceId);
    expectOfficial('getSpaceGitInfo', 200, info.data);
    expect(info.data).toMatchObject({ installationProvider: 'github', repoName: 'acme/handbook', url: repoTreeURL });
    expect(JSON.stringify(info.data)).not.toContain('ghs_installationToken');
    const configured = (await api.spaces.getCurrentRevision(spaceId)).data;
    expect(configured.id).not.toBe(liveBefore);
    expect((await event(t, 'space_gitsync_started')).revisionId).toBe(configured.id);
    expect((await event(t, 'space_content_updated')).revisionId).toBe(configured.id);
    expect((await event(t, 'space_gitsync_completed')).revisionId).toBe(configured.id);

    // 2. Pull request #42 opened: a standalone import of its head.
    expect((await api.spaces.importGitRepository(spaceId, importBody({ standaloneRef: 'refs/pull/42/head' }))).status).toBe(204);
    // space_gitsync_completed carries the preview revision and its commit.
    const completed = await event(t, 'space_gitsync_completed');
    expect(completed).toMatchObject({ spaceId, state: 'success' });
    const preview = completed.revisionId;
    expect(preview).not.toBe(configured.id);
    expect((await api.spaces.getCurrentRevision(spaceId)).data.id).toBe(configured.id);
    expect((await api.spaces.getSpaceGitInfo(spaceId)).data).toEqual(info.data);
    // space_gitsync_completed: the commit status links (updateCommitWithPreviewLinks).
    const space = (await api.spaces.getSpaceById(spaceId)).data;
    expectOfficial('getSpaceById', 200, space);
    const diffLink = new URL(`${space.urls.app}~/diff/~/revisions/${preview}/`);
    expect(diffLink.pathname).toBe(`/o/${space.organization}/s/${spaceId}/~/diff/~/revisions/${preview}/`);
    const revision = await api.spaces.getRevisionById(spaceId, preview);
    expectOfficial('getRevisionById', 200, revision.data);
    expect(revision.data.git).toMatchObject({ ref: 'refs/pull/42/head', createdByGitBook: false, oid: completed.commitId });
    expect(revision.data.git?.url).toBe(`${repoCommitURL}/${revision.data.git?.oid}`);
    const page = revision.data.pages[0];
    const read = await api.spaces.getPageInRevisionById(spaceId, preview, page.id);
    expectOfficial('getPageInRevisionById', 200, read.data);
    expect(read.data).toMatchObject({ id: page.id, title: page.title, git: { path: expect.stringMatching(/\.md$/) } });
    expect((await api.spaces.listPages(spaceId)).data.pages.map((p) => p.id)).toEqual(configured.pages.map((p) => p.id));

    // 3. Merged on GitHub: a push to main, imported with the push's timestamp.
    await t.admin('POST', '/__admin/clock', { advance: 'PT1M' });
    const pushedAt = new Date(Date.parse((await t.admin('GET', '/__admin/clock')).body.now) - 5_000);
    expect((await api.spaces.importGitRepository(spaceId, importBody({ eventTimestamp: pushedAt }))).status).toBe(204);
    // space_content_updated: the revision came from Git, so handleSpaceContentUpdated stops.
    const pushed = (await event(t, 'space_content_updated')).revisionId;
    expect((await api.spaces.getCurrentRevision(spaceId)).data.id).toBe(pushed);
    const updated = (await api.spaces.getRevisionById(spaceId, pushed)).data;
    expect(updated.git?.oid).toMatch(/^[0-9a-f]{40}$/);
    expect(updated.git?.createdByGitBook).toBe(false);
    // A late event (older timestamp) changes nothing.
    expect((await api.spaces.importGitRepository(spaceId, importBody({ eventTimestamp: new Date(pushedAt.getTime() - 60_000) }))).status).toBe(204);
    expect((await api.spaces.getCurrentRevision(spaceId)).data.id).toBe(pushed);
    await expect(event(t, 'space_content_updated')).rejects.toThrow(/No space_content_updated event/);

    // 4. A change request merged in GitBook: no Git metadata, so the integration exports.
    const cr = (await api.spaces.createChangeRequest(spaceId, { subject: 'Fix typo' })).data;
    await t.call('editor', 'POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/content/import`, { url: 'https://example.com/typo-fixes', source: 'website' });
    const mergeResult = await t.call('editor', 'POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`);
    expect(mergeResult.status).toBe(200);
    const mergedRevision = (await event(t, 'space_content_updated')).revisionId;
    expect(mergedRevision).toBe(mergeResult.body.revision);
    const contentUpdated = (await api.spaces.getRevisionById(spaceId, mergedRevision)).data;
    expect(contentUpdated.git?.oid).toBeUndefined();
    const current = (await api.spaces.getCurrentRevision(spaceId)).data;
    expect(current.id).toBe(mergedRevision);
    expect(current.type).toBe('merge');
    const mergedFrom = current.type === 'merge' ? current.mergedFrom : undefined;
    expect(mergedFrom).toMatchObject({ id: cr.id, number: cr.number, subject: 'Fix typo' });
    const commitMessage = `GITBOOK-${mergedFrom!.number}: ${mergedFrom!.subject}`;
    const exported = await api.spaces.exportToGitRepository(spaceId, {
      ...importBody({ eventTimestamp: new Date(current.createdAt) }),
      standalone: undefined,
      commitMessage,
    });
    expect(exported.status).toBe(204);
    const after = (await api.spaces.getRevisionById(spaceId, current.id)).data;
    expect(after.git).toMatchObject({ message: commitMessage, ref: REPO.branch, createdByGitBook: true });
    expect(after.git?.url).toBe(`${repoCommitURL}/${after.git?.oid}`);
    // The next space_content_updated for that revision sees Git metadata: no second export.
    expect(after.git?.oid).toMatch(/^[0-9a-f]{40}$/);
    // The export's own space_gitsync_completed names the revision and the commit it made.
    expect(gb.mock!.events.list({ type: 'space_gitsync_completed' }).at(-1)?.payload).toMatchObject({ revisionId: current.id, commitId: after.git?.oid });
    expect((await api.spaces.getSpaceGitInfo(spaceId)).data).toMatchObject({ installationProvider: 'github', repoName: 'acme/handbook', url: repoTreeURL });
  });
});
