import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const Q = '/v1/spaces/{spaces.handbook}/comments/{comments.welcome-question}';
const R = `${Q}/replies/{commentReplies.welcome-answer}`;

describe('space comment replies', () => {
  it('posts a reply through the official client and the comment counts it', async () => {
    const { data } = await gb.client('commenter').spaces.postCommentReplyInSpace(
      gb.id('spaces', 'handbook'),
      gb.id('comments', 'welcome-question'),
      { body: { markdown: 'Thanks!' } },
    );
    expectOfficial('postCommentReplyInSpace', 200, data);
    expect(data).toMatchObject({ object: 'comment-reply', body: { markdown: 'Thanks!' } });
    const comment = (await t.call('admin', 'GET', Q)).body;
    expect(comment.replies).toBe(2);
    expect(comment.repliers.map((r: any) => r.user.id).sort()).toEqual([gb.id('users', 'editor'), gb.id('users', 'commenter')].sort());
  });

  it('gets a reply through the official client', async () => {
    const { data } = await gb.client('reader').spaces.getCommentReplyInSpace(gb.id('spaces', 'handbook'), gb.id('comments', 'welcome-question'), gb.id('commentReplies', 'welcome-answer'));
    expectOfficial('getCommentReplyInSpace', 200, data);
    expect(data.body).toMatchObject({ markdown: 'Good idea, I will add it this week.' });
    expect(data.permissions).toEqual({ view: true, edit: false, reply: false, delete: false });
  });

  it('the author edits a reply through the official client, setting editedAt', async () => {
    const { data } = await gb.client('editor').spaces.updateCommentReplyInSpace(gb.id('spaces', 'handbook'), gb.id('comments', 'welcome-question'), gb.id('commentReplies', 'welcome-answer'), { body: { markdown: 'Done.' } });
    expectOfficial('updateCommentReplyInSpace', 200, data);
    expect(data.body).toMatchObject({ markdown: 'Done.' });
    expect(data.editedAt).toBe(gb.manifest.now);
  });

  it('someone else cannot edit a reply (403)', async () => {
    expect((await t.call('commenter', 'PUT', R, { body: { markdown: 'no' } })).status).toBe(403);
  });

  it('anyone who may comment reacts to a reply', async () => {
    const res = await t.call('commenter', 'PUT', R, { addedReactions: ['🎉'] });
    expect(res.body.reactions).toEqual([expect.objectContaining({ emoji: '🎉', count: 1 })]);
  });

  it('the author deletes a reply (205) and the count follows', async () => {
    await gb.client('editor').spaces.deleteCommentReplyInSpace(gb.id('spaces', 'handbook'), gb.id('comments', 'welcome-question'), gb.id('commentReplies', 'welcome-answer'));
    expect((await t.call('admin', 'GET', R)).status).toBe(404);
    expect((await t.call('admin', 'GET', Q)).body).toMatchObject({ replies: 0, repliers: [] });
  });

  it('an admin deletes a reply of someone else; a commenter cannot (403)', async () => {
    expect((await t.call('commenter', 'DELETE', R)).status).toBe(403);
    expect((await t.call('admin', 'DELETE', R)).status).toBe(205);
  });

  it('a reply under another comment is 404', async () => {
    expect((await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}/comments/{comments.expenses-limit}/replies/{commentReplies.welcome-answer}')).status).toBe(404);
  });

  it('a reader cannot reply (403)', async () => {
    expect((await t.call('reader', 'POST', `${Q}/replies`, { body: { markdown: 'hi' } })).status).toBe(403);
    expect((await t.call('admin', 'GET', Q)).body.replies).toBe(1);
  });

  it('lists the replies of a comment, oldest first', async () => {
    await t.call('commenter', 'POST', `${Q}/replies`, { body: { markdown: 'second' } });
    const res = await t.call('reader', 'GET', `${Q}/replies`);
    expect(res.body.items.map((r: any) => r.body.markdown)).toEqual(['Good idea, I will add it this week.', 'second']);
    expectOfficial('listCommentRepliesInSpace', 200, res.body);
  });
});
