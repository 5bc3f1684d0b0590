import { describe, expect, it } from 'vitest';
import { createTestMock } from '../helpers/mock.ts';
import { expectOfficial } from '../helpers/official.ts';

describe('starter scenario over the API', () => {
  it('lists the organizations of the caller, valid against the official schema', async () => {
    const t = createTestMock();
    const res = await t.call('admin', 'GET', '/v1/orgs');
    expect(res.status).toBe(200);
    expect(res.body.items.map((o: { id: string }) => o.id).sort()).toEqual(
      [t.id('organizations', 'acme'), t.id('organizations', 'globex')].sort(),
    );
    expectOfficial('listOrganizationsForAuthenticatedUser', 200, res.body);
  });

  it('gives a user in no organization an empty list', async () => {
    const t = createTestMock();
    const res = await t.call('outsider', 'GET', '/v1/orgs');
    expect(res.body).toEqual({ items: [], count: 0 });
  });

  it('serves the official client in-process', async () => {
    const t = createTestMock();
    const { data } = await t.client('reader').orgs.getOrganizationById(t.id('organizations', 'acme'));
    expect(data.title).toBe('Acme Corporation');
    expect(data.permissions.admin).toBe(false);
  });
});
