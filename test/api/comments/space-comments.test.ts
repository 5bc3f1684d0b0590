import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const P = '/v1/spaces/{spaces.handbook}/comments';
const Q = '/v1/spaces/{spaces.handbook}/comments/{comments.welcome-question}';
const SPACE = '/v1/spaces/{spaces.handbook}';

describe('space comments', () => {
  it('posts a comment on a page through the official client', async () => {
    const page = gb.id('pages', 'welcome');
    const { data } = await gb.client('commenter').spaces.postCommentInSpace(gb.id('spaces', 'handbook'), { page, body: { markdown: 'Nice page' } });
    expectOfficial('postCommentInSpace', 200, data);
    expect(data.body).toMatchObject({ markdown: 'Nice page' });
    expect(data.target).toMatchObject({ space: gb.id('spaces', 'handbook'), page: { id: page, title: 'Welcome to Acme', outdated: false } });
    expect(data.status).toBe('open');
    expect(data.replies).toBe(0);
    expect(data.postedBy.id).toBe(gb.id('users', 'commenter'));
  });

  it('posts a comment on a node', async () => {
    const res = await t.call('commenter', 'POST', P, { node: 'node-42', body: { markdown: 'This block' } });
    expect(res.status).toBe(200);
    expect(res.body.target.node).toEqual({ id: 'node-42' });
  });

  it('takes an official JSON document as body', async () => {
    const document = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'From a document', marks: [] }] }] }] };
    const res = await t.call('commenter', 'POST', P, { body: { document } });
    expect(res.body.body.markdown).toBe('From a document');
  });

  it('refuses a page that is not in the content (400) and posts nothing', async () => {
    const res = await t.call('commenter', 'POST', P, { page: 'no-such-page', body: { markdown: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('body.page');
    expect((await t.call('admin', 'GET', P)).body.count).toBe(3);
  });

  it.each([
    [{}, 'body.body'],
    [{ body: { nodes: [] } }, 'body.body'],
    [{ body: { markdown: 3 } }, 'body.body.markdown'],
  ])('refuses %j with 400 naming the field', async (body, field) => {
    const res = await t.call('commenter', 'POST', P, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
  });

  it('takes the official empty document as an empty body (seed and official list it)', async () => {
    const res = await t.call('commenter', 'POST', P, { body: {} });
    expect(res.status).toBe(200);
    expectOfficial('postCommentInSpace', 200, res.body);
    expect(res.body.body.markdown).toBe('');
  });

  it('gets one comment with its replies counted, through the official client', async () => {
    const { data } = await gb.client('reader').spaces.getCommentInSpace(gb.id('spaces', 'handbook'), gb.id('comments', 'welcome-question'));
    expectOfficial('getCommentInSpace', 200, data);
    expect(data.replies).toBe(1);
    expect(data.repliers.map((r) => r.user.id)).toEqual([gb.id('users', 'editor')]);
    expect(data.reactions).toEqual([expect.objectContaining({ emoji: '👍', count: 2 })]);
  });

  it('renders the body in the format asked for', async () => {
    const md = await t.call('reader', 'GET', `${Q}?format=markdown`);
    expect(md.body.body).toEqual({ markdown: 'Should we link the benefits guide from the welcome page?' });
    expectOfficial('getCommentInSpace', 200, md.body);
    const doc = await t.call('reader', 'GET', `${Q}?format=document`);
    expect(doc.body.body.document.nodes[0].nodes[0].leaves[0].text).toBe('Should we link the benefits guide from the welcome page?');
    expectOfficial('getCommentInSpace', 200, doc.body);
    expect((await t.call('reader', 'GET', `${Q}?format=html`)).status).toBe(400);
  });

  it('is 404 for an unknown comment and for a change-request comment under the space path', async () => {
    expect((await t.call('reader', 'GET', `${P}/nope`)).status).toBe(404);
    expect((await t.call('reader', 'GET', `${P}/{comments.draft-review}`)).status).toBe(404);
  });

  it('the author edits the body, which sets editedAt', async () => {
    await t.admin('POST', '/__admin/clock', { advance: 'PT5M' });
    const { data } = await gb.client('commenter').spaces.updateCommentInSpace(gb.id('spaces', 'handbook'), gb.id('comments', 'welcome-question'), { body: { markdown: 'Edited' } });
    expectOfficial('updateCommentInSpace', 200, data);
    expect(data.body).toMatchObject({ markdown: 'Edited' });
    expect(data.editedAt).toBe('2026-01-01T00:05:00.000Z');
  });

  it('someone else cannot edit the body (403), even an admin, and nothing changes', async () => {
    const res = await t.call('admin', 'PUT', Q, { body: { markdown: 'Hijacked' } });
    expect(res.status).toBe(403);
    const got = (await t.call('admin', 'GET', Q)).body;
    expect(got.body.markdown).toBe('Should we link the benefits guide from the welcome page?');
    expect(got.editedAt).toBeUndefined();
  });

  it('the author deletes a comment (205) and its replies go with it', async () => {
    const res = await t.call('commenter', 'DELETE', Q);
    expect(res.status).toBe(205);
    expect((await t.call('commenter', 'GET', Q)).status).toBe(404);
    const state = (await t.admin('GET', '/__admin/state')).body;
    expect(state.commentReplies.some((r: any) => r.comment === gb.id('comments', 'welcome-question'))).toBe(false);
  });

  it('an admin deletes a comment of someone else through the official client', async () => {
    await gb.client('admin').spaces.deleteCommentInSpace(gb.id('spaces', 'handbook'), gb.id('comments', 'welcome-question'));
    expect((await t.call('admin', 'GET', Q)).status).toBe(404);
  });

  it('another commenter cannot delete it (403)', async () => {
    expect((await t.call('editor', 'DELETE', Q)).status).toBe(403);
    expect((await t.call('admin', 'GET', Q)).status).toBe(200);
  });
});

describe('open comment count on the space', () => {
  const count = async (t: Calls) => (await t.call('admin', 'GET', SPACE)).body.comments;

  it('follows create, resolve, reopen and delete', async () => {
    expect(await count(t)).toBe(2);
    const made = (await t.call('commenter', 'POST', P, { body: { markdown: 'One more' } })).body;
    expect(await count(t)).toBe(3);
    await t.call('commenter', 'PUT', `${P}/${made.id}`, { resolved: true });
    expect(await count(t)).toBe(2);
    await t.call('commenter', 'PUT', `${P}/${made.id}`, { resolved: false });
    expect(await count(t)).toBe(3);
    await t.call('commenter', 'DELETE', `${P}/${made.id}`);
    expect(await count(t)).toBe(2);
  });

  it('does not count change-request comments', async () => {
    await t.call('commenter', 'POST', '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}/comments', { body: { markdown: 'On the CR' } });
    expect(await count(t)).toBe(2);
  });
});

describe('resolve', () => {
  it('resolved true sets status, resolvedAt and resolvedBy', async () => {
    const res = await t.call('reviewer', 'PUT', Q, { resolved: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'resolved', resolvedAt: gb.manifest.now, resolvedBy: { id: gb.id('users', 'reviewer') } });
    expectOfficial('updateCommentInSpace', 200, res.body);
  });

  it('resolved false reopens and clears resolvedAt and resolvedBy', async () => {
    const res = await t.call('editor', 'PUT', `${P}/{comments.onboarding-typo}`, { resolved: false });
    expect(res.body.status).toBe('open');
    expect(res.body).not.toHaveProperty('resolvedAt');
    expect(res.body).not.toHaveProperty('resolvedBy');
    expectOfficial('updateCommentInSpace', 200, res.body);
  });

  it('resolving does not set editedAt', async () => {
    const res = await t.call('reviewer', 'PUT', Q, { resolved: true });
    expect(res.body.editedAt).toBeUndefined();
  });

  it('a commenter cannot resolve the comment of someone else (403)', async () => {
    const res = await t.call('commenter', 'PUT', `${P}/{comments.expenses-limit}`, { resolved: true });
    expect(res.status).toBe(403);
    expect((await t.call('admin', 'GET', `${P}/{comments.expenses-limit}`)).body.status).toBe('open');
  });
});

describe('reactions', () => {
  it('adding keeps one reaction per user per emoji; count is the number of users', async () => {
    await t.call('commenter', 'PUT', Q, { addedReactions: ['👍', '🎉'] });
    const res = await t.call('commenter', 'PUT', Q, { addedReactions: ['👍'] });
    const thumbs = res.body.reactions.find((r: any) => r.emoji === '👍');
    expect(thumbs.count).toBe(3);
    expect(thumbs.users).toHaveLength(3);
    expect(res.body.reactions.find((r: any) => r.emoji === '🎉').count).toBe(1);
  });

  it('removing a reaction the user did not add changes nothing', async () => {
    const before = (await t.call('commenter', 'GET', Q)).body.reactions;
    const res = await t.call('commenter', 'PUT', Q, { removedReactions: ['👍', '🚀'] });
    expect(res.body.reactions).toEqual(before);
  });

  it('removing a reaction of ones own decrements the count', async () => {
    const res = await t.call('editor', 'PUT', Q, { removedReactions: ['👍'] });
    expect(res.body.reactions).toEqual([expect.objectContaining({ emoji: '👍', count: 1 })]);
  });

  it('a reader cannot react (403)', async () => {
    expect((await t.call('reader', 'PUT', Q, { addedReactions: ['👍'] })).status).toBe(403);
  });

  it.each([[{ addedReactions: 'x' }, 'body.addedReactions'], [{ removedReactions: [5] }, 'body.removedReactions[0]'], [{ resolved: 'yes' }, 'body.resolved']])(
    'refuses %j with 400',
    async (body, field) => {
      const res = await t.call('commenter', 'PUT', Q, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(field);
    },
  );
});
