/** The caller and users by id, through the official client. */
import { describe, expect, it } from 'vitest';
import { createTestMock } from '../../helpers/mock.ts';
import { expectOfficial } from '../../helpers/official.ts';

describe('GET /v1/user', () => {
  it('answers the caller (official client)', async () => {
    const t = createTestMock();
    const { data } = await t.client('editor').user.getAuthenticatedUser();
    expectOfficial('getAuthenticatedUser', 200, data);
    expect(data).toMatchObject({ object: 'user', displayName: 'Eli Brooks', email: 'eli@acme.test' });
    const again = await t.client('editor').users.getUserById(data.id);
    expectOfficial('getUserById', 200, again.data);
    expect(again.data.id).toBe(data.id);
  });

  it('is 401 without a known token, and an unknown user is 404', async () => {
    const t = createTestMock();
    expect((await t.call(null, 'GET', '/v1/user')).status).toBe(401);
    expect((await t.call('nope', 'GET', '/v1/user')).status).toBe(401);
    expect((await t.call('reader', 'GET', '/v1/users/no-such-user')).status).toBe(404);
  });
});
