import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const C = '/v1/spaces/{spaces.handbook}/change-requests';
const CR = `${C}/{changeRequests.handbook-draft}`;

describe('list change requests', () => {
  it('lists open change requests by default, valid against the official schema', async () => {
    const { data } = await gb.client('reader').spaces.listChangeRequestsForSpace(gb.id('spaces', 'handbook'));
    expectOfficial('listChangeRequestsForSpace', 200, data);
    expect(data.items.map((cr) => cr.id)).toEqual([gb.id('changeRequests', 'handbook-draft')]);
    expect(data.items[0]).toMatchObject({ number: 1, status: 'open', comments: 1, outdated: false });
  });

  it('filters by status', async () => {
    await t.call('editor', 'PATCH', CR, { status: 'archived' });
    const open = await t.call('reader', 'GET', `${C}?status=open`);
    const archived = await t.call('reader', 'GET', `${C}?status=archived`);
    expect([open.body.count, archived.body.count]).toEqual([0, 1]);
  });

  it('filters by contributor (creator or someone who changed the content)', async () => {
    const editor = await t.call('reader', 'GET', `${C}?contributor=${gb.id('users', 'editor')}`);
    const admin = await t.call('reader', 'GET', `${C}?contributor=${gb.id('users', 'admin')}`);
    expect([editor.body.count, admin.body.count]).toEqual([1, 0]);
    await t.call('admin', 'POST', `${CR}/update`);
    const after = await t.call('reader', 'GET', `${C}?contributor=${gb.id('users', 'admin')}`);
    expect(after.body.count).toBe(1);
  });

  it('refuses an unknown status with 400 naming the field', async () => {
    const res = await t.call('reader', 'GET', `${C}?status=closed`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('query.status');
  });

  it('hides the change requests of a private space from an outsider (404)', async () => {
    expect((await t.call('outsider', 'GET', C)).status).toBe(404);
  });
});

describe('create a change request', () => {
  it('creates number max+1 on the current revision, with its own revision', async () => {
    const before = await t.call('reader', 'GET', CR);
    const { data } = await gb.client('editor').spaces.createChangeRequest(gb.id('spaces', 'handbook'), { subject: 'Add a travel page' });
    expectOfficial('createChangeRequest', 201, data);
    expect(data).toMatchObject({ number: 2, status: 'open', subject: 'Add a travel page', outdated: false, comments: 0 });
    expect(data.revisionInitial).toBe(before.body.revisionInitial);
    expect(data.revision).not.toBe(data.revisionInitial);
  });

  it('answers 201 with a Location header and keeps agentTaskId', async () => {
    const res = await t.call('editor', 'POST', C, { subject: 'By an agent', agentTaskId: 'task-42' });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    const got = await t.call('reader', 'GET', `${C}/${res.body.id}`);
    expect(got.body.agentTaskId).toBe('task-42');
  });

  it('copies the space content into the new revision', async () => {
    const res = await t.call('editor', 'POST', C, {});
    const pages = await t.call('reader', 'GET', `${C}/${res.body.number}/content/pages`);
    expect(pages.body.pages.map((p: { title: string }) => p.title)).toEqual(['Welcome to Acme', 'Onboarding', 'Policies']);
  });

  it('refuses a subject over 100 characters, creating nothing', async () => {
    const res = await t.call('editor', 'POST', C, { subject: 'x'.repeat(101) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('body.subject');
    expect((await t.call('reader', 'GET', `${C}?status=open`)).body.count).toBe(1);
  });

  it('refuses a reviewer (edit is needed) with 403', async () => {
    expect((await t.call('reviewer', 'POST', C, { subject: 'x' })).status).toBe(403);
  });

  it('refuses a locked space with 409, creating nothing', async () => {
    gb.mock!.runtime.db.spaces.update(gb.id('spaces', 'handbook'), { editMode: 'locked' });
    const res = await t.call('editor', 'POST', C, { subject: 'x' });
    expect(res.status).toBe(409);
    expect((await t.call('reader', 'GET', C)).body.count).toBe(1);
  });
});

describe('get a change request', () => {
  it('finds it by id, valid against the official schema', async () => {
    const { data } = await gb.client('reader').spaces.getChangeRequestById(gb.id('spaces', 'handbook'), gb.id('changeRequests', 'handbook-draft'));
    expectOfficial('getChangeRequestById', 200, data);
    expect(data.subject).toBe('Update the remote work policy');
  });

  it('finds it by its number in the space', async () => {
    const res = await t.call('reader', 'GET', `${C}/1`);
    expect(res.body.id).toBe(gb.id('changeRequests', 'handbook-draft'));
  });

  it('answers 404 for an unknown change request', async () => {
    expect((await t.call('reader', 'GET', `${C}/99`)).status).toBe(404);
  });

  it('counts only open comments, following resolution', async () => {
    const [comment] = gb.mock!.runtime.db.comments.by('changeRequest', gb.id('changeRequests', 'handbook-draft'));
    gb.mock!.runtime.db.comments.update(comment.id, { status: 'resolved' });
    expect((await t.call('reader', 'GET', CR)).body.comments).toBe(0);
  });
});

describe('update a change request (PATCH)', () => {
  it('changes subject and status, valid against the official schema', async () => {
    const { data } = await gb
      .client('editor')
      .spaces.updateChangeRequestById(gb.id('spaces', 'handbook'), gb.id('changeRequests', 'handbook-draft'), { subject: 'Renamed', status: 'draft' });
    expectOfficial('updateChangeRequestById', 200, data);
    expect(data).toMatchObject({ subject: 'Renamed', status: 'draft' });
  });

  it('refuses status merged with 400 naming the field', async () => {
    const res = await t.call('editor', 'PATCH', CR, { status: 'merged' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('body.status');
  });

  it('refuses a move outside the table with 409 and changes nothing', async () => {
    await t.call('editor', 'PATCH', CR, { status: 'archived' });
    const res = await t.call('editor', 'PATCH', CR, { status: 'draft', subject: 'Not applied' });
    expect(res.status).toBe(409);
    expect((await t.call('reader', 'GET', CR)).body).toMatchObject({ status: 'archived', subject: 'Update the remote work policy' });
  });

  it('refuses a commenter with 403', async () => {
    expect((await t.call('commenter', 'PATCH', CR, { subject: 'x' })).status).toBe(403);
  });
});
