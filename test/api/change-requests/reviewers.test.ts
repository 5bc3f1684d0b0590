import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const CR = '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}';
const R = `${CR}/requested-reviewers`;

describe('requested reviewers', () => {
  it('lists the requested reviewers, valid against the official schema', async () => {
    const { data } = await gb
      .client('reader')
      .spaces.getRequestedReviewersByChangeRequestId(gb.id('spaces', 'handbook'), gb.id('changeRequests', 'handbook-draft'));
    expectOfficial('getRequestedReviewersByChangeRequestId', 200, data);
    expect(data.items.map((r) => (r as { user: { id: string } }).user.id)).toEqual([gb.id('users', 'reviewer')]);
  });

  it('requests members and updates the subject in the same call (official client)', async () => {
    const { data } = await gb
      .client('editor')
      .spaces.requestReviewersForChangeRequest(gb.id('spaces', 'handbook'), gb.id('changeRequests', 'handbook-draft'), {
        users: [gb.id('users', 'admin'), gb.id('users', 'commenter')],
        subject: 'Please review',
      });
    expectOfficial('requestReviewersForChangeRequest', 200, data);
    expect(data.users!.map((r) => (r as { user: { id: string } }).user.id)).toEqual([gb.id('users', 'admin'), gb.id('users', 'commenter')]);
    expect((await t.call('reader', 'GET', CR)).body.subject).toBe('Please review');
    expect((await t.call('reader', 'GET', R)).body.count).toBe(3);
  });

  it('does not duplicate a reviewer requested twice', async () => {
    await t.call('editor', 'POST', R, { users: [gb.id('users', 'reviewer')] });
    expect((await t.call('reader', 'GET', R)).body.count).toBe(1);
  });

  it.each(['outsider', 'unknown-user'])('refuses a user who is not a member (%s) with 400, changing nothing', async (key) => {
    const id = key === 'outsider' ? gb.id('users', 'outsider') : 'no-such-user';
    const res = await t.call('editor', 'POST', R, { users: [gb.id('users', 'admin'), id], subject: 'Not applied' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('users[1]');
    expect((await t.call('reader', 'GET', R)).body.count).toBe(1);
    expect((await t.call('reader', 'GET', CR)).body.subject).toBe('Update the remote work policy');
  });

  it('takes an empty list of users (the official body sets no minimum) and requests no one', async () => {
    const res = await t.call('editor', 'POST', R, { users: [] });
    expect(res.status).toBe(200);
    expect(res.body.users).toEqual([]);
    expect((await t.call('reader', 'GET', R)).body.count).toBe(1);
  });

  it('lets a reviewer request reviewers, not a commenter (403)', async () => {
    const body = { users: [gb.id('users', 'admin')] };
    expect((await t.call('reviewer', 'POST', R, body)).status).toBe(200);
    expect((await t.call('commenter', 'POST', R, body)).status).toBe(403);
  });

  it('refuses to request reviewers on a merged change request (409)', async () => {
    await t.call('editor', 'POST', `${CR}/merge`);
    expect((await t.call('editor', 'POST', R, { users: [gb.id('users', 'admin')] })).status).toBe(409);
  });

  it('removes a reviewer with 205 (official client)', async () => {
    const res = await gb
      .client('editor')
      .spaces.removeRequestedReviewerFromChangeRequest(gb.id('spaces', 'handbook'), gb.id('changeRequests', 'handbook-draft'), gb.id('users', 'reviewer'));
    expect(res.status).toBe(205);
    expect((await t.call('reader', 'GET', R)).body.count).toBe(0);
  });

  it('answers 204 when the user was not a requested reviewer', async () => {
    expect((await t.call('editor', 'DELETE', `${R}/{users.admin}`)).status).toBe(204);
  });

  it('refuses a reader removing a reviewer with 403', async () => {
    expect((await t.call('reader', 'DELETE', `${R}/{users.reviewer}`)).status).toBe(403);
    expect((await t.call('reader', 'GET', R)).body.count).toBe(1);
  });
});
