import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const C = '/v1/spaces/{spaces.handbook}/change-requests';
const CR = `${C}/{changeRequests.handbook-draft}`;

async function spaceRevision(t: Calls): Promise<string> {
  return gb.mock!.runtime.db.spaces.get(gb.id('spaces', 'handbook'))!.revision;
}

describe('merge a change request', () => {
  it('makes a revision with both parents and moves the space to it (official client)', async () => {
    const before = await spaceRevision(t);
    const cr = (await t.call('reader', 'GET', CR)).body;
    const { data } = await gb.client('editor').spaces.mergeChangeRequest(gb.id('spaces', 'handbook'), cr.id);
    expectOfficial('mergeChangeRequest', 200, data);
    expect(data.result).toBe('merge');
    expect(await spaceRevision(t)).toBe(data.revision);
    const revision = gb.mock!.runtime.db.revisions.get(data.revision)!;
    expect(revision.parents).toEqual([before, cr.revision]);
  });

  it('marks the change request merged with revisionMerged, mergedBy and mergedAt', async () => {
    const merge = await t.call('editor', 'POST', `${CR}/merge`);
    const got = await t.call('reader', 'GET', CR);
    expectOfficial('getChangeRequestById', 200, got.body);
    expect(got.body).toMatchObject({ status: 'merged', revisionMerged: merge.body.revision, outdated: false, mergedAt: gb.manifest.now });
    expect(got.body.mergedBy.id).toBe(gb.id('users', 'editor'));
  });

  it('brings the change request content into the primary content', async () => {
    await t.call('editor', 'POST', `${CR}/merge`);
    const page = gb.mock!.runtime.db.revisions.get(await spaceRevision(t))!.pages[2].pages[0];
    expect(page.markdown).toContain('Fridays are meeting-free');
  });

  it('refuses a second merge with 409', async () => {
    await t.call('editor', 'POST', `${CR}/merge`);
    const again = await t.call('editor', 'POST', `${CR}/merge`);
    expect(again.status).toBe(409);
  });

  it('refuses an archived change request with 409, changing nothing', async () => {
    await t.call('editor', 'PATCH', CR, { status: 'archived' });
    const before = await spaceRevision(t);
    expect((await t.call('editor', 'POST', `${CR}/merge`)).status).toBe(409);
    expect(await spaceRevision(t)).toBe(before);
  });

  it('refuses a reviewer (merge needs edit) with 403', async () => {
    expect((await t.call('reviewer', 'POST', `${CR}/merge`)).status).toBe(403);
  });

  it('refuses a locked space with 409', async () => {
    gb.mock!.runtime.db.spaces.update(gb.id('spaces', 'handbook'), { editMode: 'locked' });
    expect((await t.call('admin', 'POST', `${CR}/merge`)).status).toBe(409);
  });

  it('moves the space to a merged list: open count down, merged filter up', async () => {
    await t.call('editor', 'POST', `${CR}/merge`);
    const [open, merged] = await Promise.all([t.call('reader', 'GET', C), t.call('reader', 'GET', `${C}?status=merged`)]);
    expect([open.body.count, merged.body.count]).toEqual([0, 1]);
  });

  it('makes the other open change requests outdated', async () => {
    const other = await t.call('editor', 'POST', C, { subject: 'Other' });
    expect(other.body.outdated).toBe(false);
    await t.call('editor', 'POST', `${CR}/merge`);
    expect((await t.call('reader', 'GET', `${C}/${other.body.id}`)).body.outdated).toBe(true);
  });

  it('keeps edits of an outdated change request and of the primary content', async () => {
    const other = (await t.call('editor', 'POST', C, { subject: 'Import' })).body;
    await t.call('editor', 'POST', `${C}/${other.id}/content/import`, { url: 'https://example.com/travel-policy', source: 'website' });
    await t.call('editor', 'POST', `${CR}/merge`);
    const merge = await t.call('editor', 'POST', `${C}/${other.id}/merge`);
    const revision = gb.mock!.runtime.db.revisions.get(merge.body.revision)!;
    expect(revision.pages.map((p) => p.title)).toEqual(['Welcome to Acme', 'Onboarding', 'Policies', 'travel policy']);
    expect(revision.pages[2].pages[0].markdown).toContain('Fridays are meeting-free');
  });
});

describe('update a change request from the primary content', () => {
  it('makes a new revision, sets revisionMergedAncestor and clears outdated (official client)', async () => {
    const other = (await t.call('editor', 'POST', C, { subject: 'Other' })).body;
    await t.call('editor', 'POST', `${CR}/merge`);
    const { data } = await gb.client('editor').spaces.updateChangeRequest(gb.id('spaces', 'handbook'), other.id);
    expectOfficial('updateChangeRequest', 200, data);
    expect(data.result).toBe('update');
    const got = (await t.call('reader', 'GET', `${C}/${other.id}`)).body;
    expect(got).toMatchObject({ revision: data.revision, revisionMergedAncestor: await spaceRevision(t), outdated: false });
  });

  it('pulls the merged edits into the change request content', async () => {
    const other = (await t.call('editor', 'POST', C, { subject: 'Other' })).body;
    await t.call('editor', 'POST', `${CR}/merge`);
    await t.call('editor', 'POST', `${C}/${other.id}/update`);
    const content = await t.call('reader', 'GET', `${C}/${other.id}/content`);
    expectOfficial('getRevisionOfChangeRequestById', 200, content.body);
    expect(content.body.type).toBe('update');
    const page = await t.call('reader', 'GET', `${C}/${other.id}/content/page/{pages.remote-work}`);
    expect(page.body.markdown).toContain('Fridays are meeting-free');
  });

  it('refuses a merged change request with 409', async () => {
    await t.call('editor', 'POST', `${CR}/merge`);
    expect((await t.call('editor', 'POST', `${CR}/update`)).status).toBe(409);
  });

  it('refuses a commenter with 403', async () => {
    expect((await t.call('commenter', 'POST', `${CR}/update`)).status).toBe(403);
  });
});
