import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const G = '/v1/spaces/{spaces.handbook}/git';
const REPO = 'https://bot:s3cret-token@github.com/acme/handbook.git';

function space(t: Calls) {
  return gb.mock!.runtime.db.spaces.get(gb.id('spaces', 'handbook'))!;
}

describe('git import', () => {
  it('answers 204 and links the space to the repository (official client)', async () => {
    const res = await gb.client('editor').spaces.importGitRepository(gb.id('spaces', 'handbook'), { url: REPO, ref: 'refs/heads/main' });
    expect(res.status).toBe(204);
    const { data } = await gb.client('reader').spaces.getSpaceGitInfo(gb.id('spaces', 'handbook'));
    expectOfficial('getSpaceGitInfo', 200, data);
    expect(data).toMatchObject({ repoName: 'acme/handbook', installationProvider: 'github', url: 'https://github.com/acme/handbook.git' });
    expect(space(t).gitSync).toMatchObject({ repoName: 'acme/handbook', ref: 'refs/heads/main' });
  });

  it('makes a new primary revision carrying the commit metadata', async () => {
    const before = space(t).revision;
    await t.call('editor', 'POST', `${G}/import`, { url: REPO, ref: 'refs/heads/main' });
    const revision = gb.mock!.runtime.db.revisions.get(space(t).revision)!;
    expect(revision.id).not.toBe(before);
    expect(revision.parents).toEqual([before]);
    expect(revision.git).toMatchObject({ ref: 'refs/heads/main', message: expect.stringContaining('acme/handbook') });
    expect(revision.git!.oid).toMatch(/^[0-9a-f]{40}$/);
  });

  it('never stores nor echoes the credentials of the URL', async () => {
    await t.call('editor', 'POST', `${G}/import`, { url: REPO, ref: 'refs/heads/main', gitInfo: { provider: 'github', url: 'https://user:pw@github.com/acme/handbook' } });
    const state = JSON.stringify((await t.admin('GET', '/__admin/state')).body);
    const info = JSON.stringify((await t.call('reader', 'GET', `${G}/info`)).body);
    expect(state).not.toContain('s3cret-token');
    expect(state).not.toContain('user:pw');
    expect(info).not.toContain('s3cret-token');
  });

  it('with standalone, makes a revision but leaves the primary content and sync alone', async () => {
    const before = space(t).revision;
    const count = gb.mock!.runtime.db.revisions.size;
    const res = await t.call('editor', 'POST', `${G}/import`, { url: REPO, ref: 'refs/heads/main', standalone: true });
    expect(res.status).toBe(204);
    expect(gb.mock!.runtime.db.revisions.size).toBe(count + 1);
    expect(space(t).revision).toBe(before);
    expect(space(t).gitSync).toBeUndefined();
  });

  it('makes open change requests outdated', async () => {
    await t.call('editor', 'POST', `${G}/import`, { url: REPO, ref: 'refs/heads/main' });
    const cr = await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}');
    expect(cr.body.outdated).toBe(true);
  });

  it('ignores an operation older than the last one applied', async () => {
    await t.call('editor', 'POST', `${G}/import`, { url: REPO, ref: 'refs/heads/main', timestamp: '2025-12-31T12:00:00.000Z' });
    const after = space(t).revision;
    const late = await t.call('editor', 'POST', `${G}/import`, { url: 'https://github.com/acme/other', ref: 'refs/heads/old', timestamp: '2025-12-31T11:00:00.000Z' });
    expect(late.status).toBe(204);
    expect(space(t).revision).toBe(after);
    expect(space(t).gitSync!.repoName).toBe('acme/handbook');
  });

  it.each([
    [{ ref: 'refs/heads/main' }, 'body.url'],
    [{ url: REPO, ref: 5 }, 'body.ref'],
  ])('refuses %j with 400 naming %s, changing nothing', async (body, field) => {
    const before = space(t).revision;
    const res = await t.call('editor', 'POST', `${G}/import`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
    expect(space(t).revision).toBe(before);
  });

  it('refuses a reviewer (edit is needed) with 403', async () => {
    expect((await t.call('reviewer', 'POST', `${G}/import`, { url: REPO, ref: 'refs/heads/main' })).status).toBe(403);
  });

  it('refuses a locked space with 409, unless standalone', async () => {
    gb.mock!.runtime.db.spaces.update(gb.id('spaces', 'handbook'), { editMode: 'locked' });
    expect((await t.call('editor', 'POST', `${G}/import`, { url: REPO, ref: 'refs/heads/main' })).status).toBe(409);
    expect((await t.call('editor', 'POST', `${G}/import`, { url: REPO, ref: 'refs/heads/main', standalone: true })).status).toBe(204);
  });
});

describe('git export', () => {
  it('answers 204 and records the export on the space (official client)', async () => {
    const res = await gb
      .client('editor')
      .spaces.exportToGitRepository(gb.id('spaces', 'handbook'), { url: REPO, ref: 'refs/heads/docs', commitMessage: 'Sync from GitBook' });
    expect(res.status).toBe(204);
    const info = await t.call('reader', 'GET', `${G}/info`);
    expect(info.body).toMatchObject({ repoName: 'acme/handbook', ref: 'refs/heads/docs', operation: { direction: 'export', state: 'success' } });
    const revision = gb.mock!.runtime.db.revisions.get(space(t).revision)!;
    expect(revision.git).toMatchObject({ message: 'Sync from GitBook', createdByService: true, ref: 'refs/heads/docs' });
  });

  it('refuses an export without commitMessage with 400 naming it', async () => {
    const res = await t.call('editor', 'POST', `${G}/export`, { url: REPO, ref: 'refs/heads/main' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('body.commitMessage');
    expect((await t.call('reader', 'GET', `${G}/info`)).status).toBe(404);
  });
});

describe('git info', () => {
  it('answers 404 before any sync', async () => {
    expect((await t.call('reader', 'GET', `${G}/info`)).status).toBe(404);
  });

  it('hides a private space from an outsider (404)', async () => {
    await t.call('editor', 'POST', `${G}/import`, { url: REPO, ref: 'refs/heads/main' });
    expect((await t.call('outsider', 'GET', `${G}/info`)).status).toBe(404);
  });

  it('is also the gitSync of the space, which the official Space accepts', async () => {
    await t.call('editor', 'POST', `${G}/import`, { url: REPO, ref: 'refs/heads/main' });
    const info = (await t.call('reader', 'GET', `${G}/info`)).body;
    const { data } = await gb.client('reader').spaces.getSpaceById(gb.id('spaces', 'handbook'));
    expectOfficial('getSpaceById', 200, data);
    expect(data.gitSync).toEqual(info);
  });
});
