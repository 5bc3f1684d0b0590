import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../src/vitest/index.ts';
import { expectOfficial } from '../helpers/official.ts';

const gb = useGitBookMock();

/** GET `path` as user `user` of the manifest: status and parsed body. */
async function get(user: string, path: string): Promise<{ status: number; body: any }> {
  const res = await gb.fetch(path, { headers: { authorization: `Bearer ${gb.token(user)}` } });
  return { status: res.status, body: await res.json() };
}

describe('starter scenario over the API', () => {
  it('lists the organizations of the caller, valid against the official schema', async () => {
    const res = await get('admin', '/v1/orgs');
    expect(res.status).toBe(200);
    expect(res.body.items.map((o: { id: string }) => o.id).sort()).toEqual(
      [gb.id('organizations', 'acme'), gb.id('organizations', 'globex')].sort(),
    );
    expectOfficial('listOrganizationsForAuthenticatedUser', 200, res.body);
  });

  it('gives a user in no organization an empty list', async () => {
    const res = await get('outsider', '/v1/orgs');
    expect(res.body).toEqual({ items: [], count: 0 });
  });

  it('serves the official client in-process', async () => {
    const { data } = await gb.client('reader').orgs.getOrganizationById(gb.id('organizations', 'acme'));
    expect(data.title).toBe('Acme Corporation');
    expect(data.permissions.admin).toBe(false);
  });
});
