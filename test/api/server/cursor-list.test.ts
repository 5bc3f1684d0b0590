/**
 * Issue 11 item 15: a page cursor names the list it was returned by. Given to another list
 * (another path, other ids, other filters) it is a 400 naming `page`, not a page that
 * silently skips rows of the other list.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';

const gb = useGitBookMock();

/** GET `path` as the admin of the manifest: status and parsed body. */
async function get(path: string): Promise<{ status: number; body: any }> {
  const res = await gb.fetch(path, { headers: { authorization: `Bearer ${gb.token('admin')}` } });
  return { status: res.status, body: await res.json() };
}

describe('cursors name their list', () => {
  it('refuses a cursor of the organizations list on the members list', async () => {
    const orgs = await get('/v1/orgs?limit=1');
    const cursor = orgs.body.next.page as string;
    const orgId = orgs.body.items[0].id as string;
    const res = await get(`/v1/orgs/${orgId}/members?limit=1&page=${cursor}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Invalid query: page is a cursor of another list');
  });

  it('refuses a cursor of one organization on the same list of another organization', async () => {
    const orgs = (await get('/v1/orgs')).body.items.map((o: { id: string }) => o.id);
    expect(orgs.length).toBe(2);
    const first = await get(`/v1/orgs/${orgs[0]}/members?limit=1`);
    expect(first.status).toBe(200);
    const cursor = first.body.next.page as string;
    const other = await get(`/v1/orgs/${orgs[1]}/members?limit=1&page=${cursor}`);
    expect(other.status).toBe(400);
    expect(other.body.error.message).toContain('page is a cursor of another list');
    // The list that returned it still walks on, whatever the limit.
    const next = await get(`/v1/orgs/${orgs[0]}/members?limit=2&page=${cursor}`);
    expect(next.status).toBe(200);
    expect(next.body.items.map((m: { user: { id: string } }) => m.user.id)).not.toContain(first.body.items[0].user.id);
  });

  it('refuses a cursor returned under other filters', async () => {
    const first = await get(`/v1/orgs/${gb.id('organizations', 'acme')}/members?limit=1`);
    const cursor = first.body.next.page as string;
    const res = await get(`/v1/orgs/${gb.id('organizations', 'acme')}/members?limit=1&role=admin&page=${cursor}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('page is a cursor of another list');
  });
});
