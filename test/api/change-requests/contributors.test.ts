/** Who contributed to a change request, and one review read by its id. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const CR = '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}';

describe('change request contributors', () => {
  it('lists its creator as an editor and who commented, from the state (official client)', async () => {
    const res = await gb.client('reader').spaces.getContributorsByChangeRequestId(gb.id('spaces', 'handbook'), gb.id('changeRequests', 'handbook-draft'));
    expectOfficial('getContributorsByChangeRequestId', 200, res.data);
    const rows = res.data.items.map((c) => [c.user.id, c.user.displayName, c.actionType, c.count]);
    expect(rows.map(([id, , type, count]) => [id, type, count])).toEqual([
      [gb.id('users', 'editor'), 'edit', 1],
      [gb.id('users', 'reviewer'), 'comment', 1],
      [gb.id('users', 'editor'), 'comment', 1],
    ]);
    const editor = (await t.call('editor', 'GET', '/v1/user')).body;
    expect(res.data.items[0].user.displayName).toBe(editor.displayName);
  });

  it('adds whoever edits, comments or reviews with a comment', async () => {
    const edit = await t.call('admin', 'POST', `${CR}/content/import`, { url: 'https://example.com/notes', source: 'website' });
    expect(edit.status).toBe(201);
    expect((await t.call('commenter', 'POST', `${CR}/comments`, { body: { markdown: 'A thought' } })).status).toBe(200);
    expect((await t.call('commenter', 'POST', `${CR}/comments`, { body: { markdown: 'Another' } })).status).toBe(200);
    expect((await t.call('reviewer', 'POST', `${CR}/reviews`, { status: 'approved', comment: { markdown: 'Fine by me' } })).status).toBe(201);
    const items = (await t.call('reader', 'GET', `${CR}/contributors`)).body.items;
    const of = (key: string, type: string) => items.find((c: any) => c.user.id === gb.id('users', key) && c.actionType === type);
    expect(of('admin', 'edit')).toMatchObject({ count: 1 });
    expect(of('commenter', 'comment')).toMatchObject({ count: 2 });
    expect(of('reviewer', 'comment')).toMatchObject({ count: 2 });
    const now = (await t.admin('GET', '/__admin/clock')).body.now;
    expect(of('commenter', 'comment').updatedAt).toBe(now);
  });

  it('is hidden from outsiders (404) and names an unknown change request (404)', async () => {
    expect((await t.call('outsider', 'GET', `${CR}/contributors`)).status).toBe(404);
    expect((await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/change-requests/nope/contributors')).status).toBe(404);
  });
});

describe('a review by its id', () => {
  it('reads back what was submitted, and 404 for another change request or an unknown id', async () => {
    const sent = await t.call('reviewer', 'POST', `${CR}/reviews`, { status: 'changes-requested', comment: { markdown: 'Please add the support rota' } });
    expect(sent.status).toBe(201);
    const res = await gb.client('reader').spaces.getChangeRequestReviewById(gb.id('spaces', 'handbook'), gb.id('changeRequests', 'handbook-draft'), sent.body.id, { format: 'markdown' });
    expectOfficial('getChangeRequestReviewById', 200, res.data);
    expect(res.data).toMatchObject({ id: sent.body.id, status: 'changes-requested', reviewer: { id: gb.id('users', 'reviewer') }, requestedBy: { id: gb.id('users', 'editor') } });
    expect(JSON.stringify(res.data.comment)).toContain('Please add the support rota');
    expect((await t.call('reader', 'GET', `${CR}/reviews/unknown-review`)).status).toBe(404);
    const other = await t.call('editor', 'POST', '/v1/spaces/{spaces.handbook}/change-requests', { subject: 'Another' });
    expect((await t.call('reader', 'GET', `/v1/spaces/{spaces.handbook}/change-requests/${other.body.id}/reviews/${sent.body.id}`)).status).toBe(404);
    expect((await t.call('outsider', 'GET', `${CR}/reviews/${sent.body.id}`)).status).toBe(404);
  });
});
