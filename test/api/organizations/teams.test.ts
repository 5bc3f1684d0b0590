import { describe, expect, it } from 'vitest';
import { createTestMock } from '../../helpers/mock.ts';
import { expectOfficial } from '../../helpers/official.ts';

const T = '/v1/orgs/{organizations.acme}/teams';
type Team = { id: string; title: string };

describe('teams', () => {
  it('creates a team with members (201) through the official client', async () => {
    const t = createTestMock();
    const org = t.id('organizations', 'acme');
    const res = await t.client('admin').orgs.createOrganizationTeam(org, { title: 'Reviewers', members: [t.id('users', 'reviewer'), t.id('users', 'reader')] });
    expect(res.status).toBe(201);
    expectOfficial('createOrganizationTeam', 201, res.data);
    expect(res.data).toMatchObject({ title: 'Reviewers', members: 2, permissions: { admin: true, view: true } });
    const members = await t.call('admin', 'GET', `${T}/${res.data.id}/members`);
    expect(members.body.count).toBe(2);
  });

  it('refuses unknown members (400) and creates nothing', async () => {
    const t = createTestMock();
    const res = await t.call('admin', 'PUT', T, { title: 'Ghosts', members: [t.id('users', 'outsider')] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('members');
    expect((await t.call('admin', 'GET', T)).body.count).toBe(1);
  });

  it.each([[{}, 'title'], [{ title: '' }, 'title'], [{ title: 'x'.repeat(65) }, 'title'], [{ title: 'A', members: 'x' }, 'members']])(
    'refuses %j naming %s',
    async (body, field) => {
      const t = createTestMock();
      const res = await t.call('admin', 'PUT', T, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(field);
    },
  );

  it('refuses creation by a non-admin (403)', async () => {
    const t = createTestMock();
    expect((await t.call('editor', 'PUT', T, { title: 'Mine' })).status).toBe(403);
  });

  it('lists teams through the official client, filtered by title', async () => {
    const t = createTestMock();
    await t.call('admin', 'PUT', T, { title: 'Support' });
    const { data } = await t.client('reader').orgs.listTeamsInOrganizationById(t.id('organizations', 'acme'), { title: 'WRIT' });
    expectOfficial('listTeamsInOrganizationById', 200, data);
    expect(data.items.map((x) => x.title)).toEqual(['Writers']);
  });

  it.each([
    ['editor', ['Writers']],
    ['commenter', []],
    ['admin', ['Writers', 'Support']],
  ])('lists with owner=%s the teams they can manage', async (owner, titles) => {
    const t = createTestMock();
    await t.call('admin', 'PUT', T, { title: 'Support' });
    const res = await t.call('reader', 'GET', `${T}?owner=${t.id('users', owner)}`);
    expect(res.body.items.map((x: Team) => x.title)).toEqual(titles);
  });

  it('gets a team through the official client', async () => {
    const t = createTestMock();
    const { data } = await t.client('editor').orgs.getTeamInOrganizationById(t.id('organizations', 'acme'), t.id('teams', 'writers'));
    expectOfficial('getTeamInOrganizationById', 200, data);
    expect(data).toMatchObject({ title: 'Writers', members: 2, permissions: { admin: true, view: true } });
  });

  it('renames a team (admin only)', async () => {
    const t = createTestMock();
    const { data } = await t.client('admin').orgs.updateTeamInOrganizationById(t.id('organizations', 'acme'), t.id('teams', 'writers'), { title: 'Authors' });
    expectOfficial('updateTeamInOrganizationById', 200, data);
    expect(data.title).toBe('Authors');
    expect((await t.call('editor', 'PATCH', `${T}/{teams.writers}`, { title: 'Mine' })).status).toBe(403);
  });

  it('deletes a team (204): its members leave it and the SAML default team is unset', async () => {
    const t = createTestMock();
    const res = await t.client('admin').orgs.removeTeamFromOrganizationById(t.id('organizations', 'acme'), t.id('teams', 'writers'));
    expect(res.status).toBe(204);
    expect((await t.call('admin', 'GET', `${T}/{teams.writers}`)).status).toBe(404);
    expect((await t.call('admin', 'GET', '/v1/orgs/{organizations.acme}/members/{users.editor}')).body.teams).toBe(0);
    const saml = await t.call('admin', 'GET', '/v1/orgs/{organizations.acme}/saml/{samlProviders.okta}');
    expect(saml.body.defaultTeam).toBeUndefined();
  });

  it('is 404 for a team of another organization, and 403 to delete for non-admins', async () => {
    const t = createTestMock();
    expect((await t.call('admin', 'GET', '/v1/orgs/{organizations.globex}/teams/{teams.writers}')).status).toBe(404);
    expect((await t.call('editor', 'DELETE', `${T}/{teams.writers}`)).status).toBe(403);
  });
});
