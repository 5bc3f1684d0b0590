import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const C = '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}/comments';
const BY_NUMBER = '/v1/spaces/{spaces.handbook}/change-requests/1/comments';
const Q = `${C}/{comments.draft-review}`;

describe('change-request comments', () => {
  it('lists the change request comments through the official client', async () => {
    const { data } = await gb.client('reader').spaces.listCommentsInChangeRequest(gb.id('spaces', 'handbook'), gb.id('changeRequests', 'handbook-draft'));
    expectOfficial('listCommentsInChangeRequest', 200, data);
    expect(data.items.map((c) => c.id)).toEqual([gb.id('comments', 'draft-review')]);
    expect(data.items[0].target.changeRequest).toBe(gb.id('changeRequests', 'handbook-draft'));
  });

  it('accepts the change request number in the path', async () => {
    const res = await t.call('reader', 'GET', BY_NUMBER);
    expect(res.body.items.map((c: any) => c.id)).toEqual([gb.id('comments', 'draft-review')]);
  });

  it('posts on the change request revision, through the official client', async () => {
    const cr = (await t.admin('GET', '/__admin/state')).body.changeRequests[0];
    const { data } = await gb.client('commenter').spaces.postCommentInChangeRequest(gb.id('spaces', 'handbook'), gb.id('changeRequests', 'handbook-draft'), {
      page: gb.id('pages', 'remote-work'),
      body: { markdown: 'Looks good' },
    });
    expectOfficial('postCommentInChangeRequest', 200, data);
    expect(data.target).toMatchObject({ changeRequest: cr.id, revision: cr.revision, page: { id: gb.id('pages', 'remote-work') } });
    const list = await t.call('reader', 'GET', C);
    expect(list.body.count).toBe(2);
  });

  it('gets, updates and resolves a comment through the official client', async () => {
    const api = gb.client('reviewer').spaces;
    const [space, cr, id] = [gb.id('spaces', 'handbook'), gb.id('changeRequests', 'handbook-draft'), gb.id('comments', 'draft-review')];
    const got = await api.getCommentInChangeRequest(space, cr, id);
    expectOfficial('getCommentInChangeRequest', 200, got.data);
    expect(got.data.replies).toBe(1);
    const updated = await api.updateCommentInChangeRequest(space, cr, id, { resolved: true, body: { markdown: 'Support too?' } });
    expectOfficial('updateCommentInChangeRequest', 200, updated.data);
    expect(updated.data).toMatchObject({ status: 'resolved', body: { markdown: 'Support too?' } });
  });

  it('lists, posts and gets replies through the official client', async () => {
    const api = gb.client('commenter').spaces;
    const [space, cr, id] = [gb.id('spaces', 'handbook'), gb.id('changeRequests', 'handbook-draft'), gb.id('comments', 'draft-review')];
    const posted = await api.postCommentReplyInChangeRequest(space, cr, id, { body: { markdown: 'Agreed' } });
    expectOfficial('postCommentReplyInChangeRequest', 200, posted.data);
    const list = await api.listCommentRepliesInChangeRequest(space, cr, id);
    expectOfficial('listCommentRepliesInChangeRequest', 200, list.data);
    expect(list.data.items.map((r) => r.body)).toEqual([
      expect.objectContaining({ markdown: 'No, support keeps its rota.' }),
      expect.objectContaining({ markdown: 'Agreed' }),
    ]);
    const one = await api.getCommentReplyInChangeRequest(space, cr, id, posted.data.id);
    expectOfficial('getCommentReplyInChangeRequest', 200, one.data);
  });

  it('the author deletes a comment with its replies (205), through the official client', async () => {
    const res = await gb.client('reviewer').spaces.deleteCommentInChangeRequest(gb.id('spaces', 'handbook'), gb.id('changeRequests', 'handbook-draft'), gb.id('comments', 'draft-review'));
    expect(res.status).toBe(205);
    expect((await t.call('reader', 'GET', C)).body.count).toBe(0);
    const state = (await t.admin('GET', '/__admin/state')).body;
    expect(state.commentReplies.some((r: any) => r.comment === gb.id('comments', 'draft-review'))).toBe(false);
  });

  it('a space comment is 404 under the change request path', async () => {
    expect((await t.call('reader', 'GET', `${C}/{comments.welcome-question}`)).status).toBe(404);
  });

  it('an unknown change request is 404', async () => {
    expect((await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/change-requests/99/comments')).status).toBe(404);
  });

  it('a reader cannot comment (403)', async () => {
    expect((await t.call('reader', 'POST', C, { body: { markdown: 'x' } })).status).toBe(403);
  });

  it('refuses a page that is not in the change request content (400)', async () => {
    const res = await t.call('commenter', 'POST', C, { page: 'nope', body: { markdown: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('body.page');
  });

  it('lists its commenters', async () => {
    const res = await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}/commenters');
    expect(res.status).toBe(200);
    expectOfficial('listCommentersInChangeRequest', 200, res.body);
    expect(res.body.items.map((m: any) => m.user.id).sort()).toEqual([gb.id('users', 'reviewer'), gb.id('users', 'editor')].sort());
  });

  it('updates and deletes replies like space replies', async () => {
    const R = `${Q}/replies/{commentReplies.draft-review-reply}`;
    const edited = await t.call('editor', 'PUT', R, { body: { markdown: 'Support keeps its rota.' } });
    expect(edited.status).toBe(200);
    expectOfficial('updateCommentReplyInChangeRequest', 200, edited.body);
    expect((await t.call('editor', 'DELETE', R)).status).toBe(205);
    expect((await t.call('reader', 'GET', Q)).body.replies).toBe(0);
  });
});
