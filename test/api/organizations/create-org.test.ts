/** POST /v1/orgs: the caller's new organization, with them as its admin member. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

describe('createOrganization', () => {
  it('creates it from the body, with the caller as its admin; it shows in GET /v1/orgs and GET /v1/orgs/{id}', async () => {
    const { data: org } = await gb.client('outsider').orgs.createOrganization({ title: 'New Org', emailDomains: ['New.test'] });
    expectOfficial('createOrganization', 201, org);
    expect(org).toMatchObject({ title: 'New Org', emailDomains: ['new.test'], permissions: { admin: true } });
    expect(org).not.toHaveProperty('hostname');
    expect(org.createdAt).toBe(gb.mock!.runtime.clock.iso());

    const got = await t.call('outsider', 'GET', `/v1/orgs/${org.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(org);
    const mine = await t.call('outsider', 'GET', '/v1/orgs');
    expect(mine.body.items.map((o: { id: string }) => o.id)).toEqual([org.id]);
    const members = await t.call('outsider', 'GET', `/v1/orgs/${org.id}/members`);
    expect(members.status).toBe(200);
    expect(members.body.items).toHaveLength(1);
    expect(members.body.items[0]).toMatchObject({ role: 'admin', user: { id: gb.id('users', 'outsider'), displayName: 'Oscar Vance' } });
  });

  it('answers with the Location of the new organization; others do not see it', async () => {
    const res = await t.call('outsider', 'POST', '/v1/orgs', { title: 'Second' });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(new RegExp(`/v1/orgs/${res.body.id}$`));
    expect((await t.call('admin', 'GET', `/v1/orgs/${res.body.id}`)).status).toBe(404);
  });

  it('withDefaultSite: a site of its title on a new space, its default content', async () => {
    const res = await t.call('outsider', 'POST', '/v1/orgs?withDefaultSite=true', { title: 'Docs Org' });
    expect(res.status).toBe(201);
    expectOfficial('createOrganization', 201, res.body);
    const sites = await t.call('outsider', 'GET', `/v1/orgs/${res.body.id}/sites`);
    expect(sites.body.items).toHaveLength(1);
    expect(sites.body.items[0]).toMatchObject({ title: 'Docs Org' });
    expect(res.body.defaultContent).toEqual({ type: 'site', site: sites.body.items[0].id });
    const spaces = await t.call('outsider', 'GET', `/v1/orgs/${res.body.id}/spaces`);
    expect(spaces.body.items.map((s: { title: string }) => s.title)).toEqual(['Docs Org']);
  });

  it('refuses a body without a title (400) and keeps nothing; no token is 401', async () => {
    const bad = await t.call('outsider', 'POST', '/v1/orgs', { emailDomains: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('title');
    expect((await t.call('outsider', 'GET', '/v1/orgs')).body.items).toEqual([]);
    expect((await t.call(null, 'POST', '/v1/orgs', { title: 'Nope' })).status).toBe(401);
  });
});
