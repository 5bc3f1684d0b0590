/** The caller and users by id, through the official client. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock();

/** The status of a GET with `token` as bearer (none: no authorization header). */
async function status(path: string, token?: string): Promise<number> {
  return (await gb.fetch(path, { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } })).status;
}

describe('GET /v1/user', () => {
  it('answers the caller (official client)', async () => {
    const { data } = await gb.client('editor').user.getAuthenticatedUser();
    expectOfficial('getAuthenticatedUser', 200, data);
    expect(data).toMatchObject({ object: 'user', displayName: 'Eli Brooks', email: 'eli@acme.test' });
    const again = await gb.client('editor').users.getUserById(data.id);
    expectOfficial('getUserById', 200, again.data);
    expect(again.data.id).toBe(data.id);
  });

  it('is 401 without a known token, and an unknown user is 404', async () => {
    expect(await status('/v1/user')).toBe(401);
    expect(await status('/v1/user', 'nope')).toBe(401);
    expect(await status('/v1/users/no-such-user', gb.token('reader'))).toBe(404);
  });
});
