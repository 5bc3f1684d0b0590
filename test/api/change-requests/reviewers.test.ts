import { describe, expect, it } from 'vitest';
import { createTestMock } from '../../helpers/mock.ts';
import { expectOfficial } from '../../helpers/official.ts';

const CR = '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}';
const R = `${CR}/requested-reviewers`;

describe('requested reviewers', () => {
  it('lists the requested reviewers, valid against the official schema', async () => {
    const t = createTestMock();
    const { data } = await t
      .client('reader')
      .spaces.getRequestedReviewersByChangeRequestId(t.id('spaces', 'handbook'), t.id('changeRequests', 'handbook-draft'));
    expectOfficial('getRequestedReviewersByChangeRequestId', 200, data);
    expect(data.items.map((r) => (r as { user: { id: string } }).user.id)).toEqual([t.id('users', 'reviewer')]);
  });

  it('requests members and updates the subject in the same call (official client)', async () => {
    const t = createTestMock();
    const { data } = await t
      .client('editor')
      .spaces.requestReviewersForChangeRequest(t.id('spaces', 'handbook'), t.id('changeRequests', 'handbook-draft'), {
        users: [t.id('users', 'admin'), t.id('users', 'commenter')],
        subject: 'Please review',
      });
    expectOfficial('requestReviewersForChangeRequest', 200, data);
    expect(data.users!.map((r) => (r as { user: { id: string } }).user.id)).toEqual([t.id('users', 'admin'), t.id('users', 'commenter')]);
    expect((await t.call('reader', 'GET', CR)).body.subject).toBe('Please review');
    expect((await t.call('reader', 'GET', R)).body.count).toBe(3);
  });

  it('does not duplicate a reviewer requested twice', async () => {
    const t = createTestMock();
    await t.call('editor', 'POST', R, { users: [t.id('users', 'reviewer')] });
    expect((await t.call('reader', 'GET', R)).body.count).toBe(1);
  });

  it.each(['outsider', 'unknown-user'])('refuses a user who is not a member (%s) with 400, changing nothing', async (key) => {
    const t = createTestMock();
    const id = key === 'outsider' ? t.id('users', 'outsider') : 'no-such-user';
    const res = await t.call('editor', 'POST', R, { users: [t.id('users', 'admin'), id], subject: 'Not applied' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('users[1]');
    expect((await t.call('reader', 'GET', R)).body.count).toBe(1);
    expect((await t.call('reader', 'GET', CR)).body.subject).toBe('Update the remote work policy');
  });

  it('refuses an empty list of users with 400', async () => {
    const t = createTestMock();
    const res = await t.call('editor', 'POST', R, { users: [] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('body.users');
  });

  it('lets a reviewer request reviewers, not a commenter (403)', async () => {
    const t = createTestMock();
    const body = { users: [t.id('users', 'admin')] };
    expect((await t.call('reviewer', 'POST', R, body)).status).toBe(200);
    expect((await t.call('commenter', 'POST', R, body)).status).toBe(403);
  });

  it('refuses to request reviewers on a merged change request (409)', async () => {
    const t = createTestMock();
    await t.call('editor', 'POST', `${CR}/merge`);
    expect((await t.call('editor', 'POST', R, { users: [t.id('users', 'admin')] })).status).toBe(409);
  });

  it('removes a reviewer with 205 (official client)', async () => {
    const t = createTestMock();
    const res = await t
      .client('editor')
      .spaces.removeRequestedReviewerFromChangeRequest(t.id('spaces', 'handbook'), t.id('changeRequests', 'handbook-draft'), t.id('users', 'reviewer'));
    expect(res.status).toBe(205);
    expect((await t.call('reader', 'GET', R)).body.count).toBe(0);
  });

  it('answers 204 when the user was not a requested reviewer', async () => {
    const t = createTestMock();
    expect((await t.call('editor', 'DELETE', `${R}/{users.admin}`)).status).toBe(204);
  });

  it('refuses a reader removing a reviewer with 403', async () => {
    const t = createTestMock();
    expect((await t.call('reader', 'DELETE', `${R}/{users.reviewer}`)).status).toBe(403);
    expect((await t.call('reader', 'GET', R)).body.count).toBe(1);
  });
});
