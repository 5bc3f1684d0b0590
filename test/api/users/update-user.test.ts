/** PATCH /v1/users/{userId} and the notifications token. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

describe('updateUserById', () => {
  it('keeps the new name and photo: GET /v1/user and the member list show them', async () => {
    const id = gb.id('users', 'admin');
    const res = await t.call('admin', 'PATCH', `/v1/users/${id}`, { displayName: 'Renamed', photoURL: 'https://img.acme.test/ada.png' });
    expect(res.status).toBe(200);
    expectOfficial('updateUserById', 200, res.body);
    expect(res.body).toMatchObject({ id, displayName: 'Renamed', email: 'ada@acme.test', photoURL: 'https://img.acme.test/ada.png' });
    const { data: me } = await gb.client('admin').user.getAuthenticatedUser();
    expect(me).toEqual(res.body);
    const members = await t.call('reader', 'GET', '/v1/orgs/{organizations.acme}/members');
    expect(members.body.items.find((m: { user: { id: string } }) => m.user.id === id).user.displayName).toBe('Renamed');
  });

  it('refuses another user (403), an unknown one (404), an empty or too long name (400), and changes nothing', async () => {
    const admin = gb.id('users', 'admin');
    expect((await t.call('editor', 'PATCH', `/v1/users/${admin}`, { displayName: 'Hijack' })).status).toBe(403);
    expect((await t.call('editor', 'PATCH', '/v1/users/no-such-user', { displayName: 'X' })).status).toBe(404);
    expect((await t.call('admin', 'PATCH', `/v1/users/${admin}`, { displayName: '' })).status).toBe(400);
    expect((await t.call('admin', 'PATCH', `/v1/users/${admin}`, {})).status).toBe(400);
    expect((await t.call('admin', 'PATCH', `/v1/users/${admin}`, { displayName: 'x'.repeat(65) })).status).toBe(400);
    expect((await t.call('admin', 'GET', '/v1/user')).body.displayName).toBe('Ada Lovelace');
  });
});

describe('createUserNotificationsToken', () => {
  it('answers a token for the caller, another each time', async () => {
    const a = await t.call('reader', 'POST', '/v1/user/notifications/token');
    const b = await t.call('reader', 'POST', '/v1/user/notifications/token');
    expect(a.status).toBe(200);
    expectOfficial('createUserNotificationsToken', 200, a.body);
    expect(a.body.token).not.toBe(b.body.token);
    expect((await t.call(null, 'POST', '/v1/user/notifications/token')).status).toBe(401);
  });
});
