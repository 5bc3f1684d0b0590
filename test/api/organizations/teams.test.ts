import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const T = '/v1/orgs/{organizations.acme}/teams';
type Team = { id: string; title: string };

describe('teams', () => {
  it('creates a team with members (201) through the official client', async () => {
    const org = gb.id('organizations', 'acme');
    const res = await gb.client('admin').orgs.createOrganizationTeam(org, { title: 'Reviewers', members: [gb.id('users', 'reviewer'), gb.id('users', 'reader')] });
    expect(res.status).toBe(201);
    expectOfficial('createOrganizationTeam', 201, res.data);
    expect(res.data).toMatchObject({ title: 'Reviewers', members: 2, permissions: { admin: true, view: true } });
    const members = await t.call('admin', 'GET', `${T}/${res.data.id}/members`);
    expect(members.body.count).toBe(2);
  });

  it('refuses unknown members (400) and creates nothing', async () => {
    const res = await t.call('admin', 'PUT', T, { title: 'Ghosts', members: [gb.id('users', 'outsider')] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('members');
    expect((await t.call('admin', 'GET', T)).body.count).toBe(1);
  });

  it.each([[{}, 'title'], [{ title: '' }, 'title'], [{ title: 'x'.repeat(65) }, 'title'], [{ title: 'A', members: 'x' }, 'members']])(
    'refuses %j naming %s',
    async (body, field) => {
      const res = await t.call('admin', 'PUT', T, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(field);
    },
  );

  it('refuses creation by a non-admin (403)', async () => {
    expect((await t.call('editor', 'PUT', T, { title: 'Mine' })).status).toBe(403);
  });

  it('lists teams through the official client, filtered by title', async () => {
    await t.call('admin', 'PUT', T, { title: 'Support' });
    const { data } = await gb.client('reader').orgs.listTeamsInOrganizationById(gb.id('organizations', 'acme'), { title: 'WRIT' });
    expectOfficial('listTeamsInOrganizationById', 200, data);
    expect(data.items.map((x) => x.title)).toEqual(['Writers']);
  });

  it.each([
    ['editor', ['Writers']],
    ['commenter', []],
    ['admin', ['Writers', 'Support']],
  ])('lists with owner=%s the teams they can manage', async (owner, titles) => {
    await t.call('admin', 'PUT', T, { title: 'Support' });
    const res = await t.call('reader', 'GET', `${T}?owner=${gb.id('users', owner)}`);
    expect(res.body.items.map((x: Team) => x.title)).toEqual(titles);
  });

  it('gets a team through the official client', async () => {
    const { data } = await gb.client('editor').orgs.getTeamInOrganizationById(gb.id('organizations', 'acme'), gb.id('teams', 'writers'));
    expectOfficial('getTeamInOrganizationById', 200, data);
    expect(data).toMatchObject({ title: 'Writers', members: 2, permissions: { admin: true, view: true } });
  });

  it('counts the spaces the team was invited to, not those in the trash', async () => {
    const team = `${T}/{teams.writers}`;
    expect((await t.call('admin', 'GET', team)).body.spaces).toBe(0);
    expect((await t.call('admin', 'POST', '/v1/spaces/{spaces.handbook}/permissions', { role: 'edit', teams: [gb.id('teams', 'writers')] })).status).toBeLessThan(300);
    expect((await t.call('admin', 'GET', team)).body.spaces).toBe(1);
    await t.call('admin', 'DELETE', '/v1/spaces/{spaces.handbook}');
    expect((await t.call('admin', 'GET', team)).body.spaces).toBe(0);
  });

  it('renames a team (admin only)', async () => {
    const { data } = await gb.client('admin').orgs.updateTeamInOrganizationById(gb.id('organizations', 'acme'), gb.id('teams', 'writers'), { title: 'Authors' });
    expectOfficial('updateTeamInOrganizationById', 200, data);
    expect(data.title).toBe('Authors');
    expect((await t.call('editor', 'PATCH', `${T}/{teams.writers}`, { title: 'Mine' })).status).toBe(403);
  });

  it('deletes a team (204): its members leave it and the SAML default team is unset', async () => {
    const res = await gb.client('admin').orgs.removeTeamFromOrganizationById(gb.id('organizations', 'acme'), gb.id('teams', 'writers'));
    expect(res.status).toBe(204);
    expect((await t.call('admin', 'GET', `${T}/{teams.writers}`)).status).toBe(404);
    expect((await t.call('admin', 'GET', '/v1/orgs/{organizations.acme}/members/{users.editor}')).body.teams).toBe(0);
    const saml = await t.call('admin', 'GET', '/v1/orgs/{organizations.acme}/saml/{samlProviders.okta}');
    expect(saml.body.defaultTeam).toBeUndefined();
  });

  it('is 404 for a team of another organization, and 403 to delete for non-admins', async () => {
    expect((await t.call('admin', 'GET', '/v1/orgs/{organizations.globex}/teams/{teams.writers}')).status).toBe(404);
    expect((await t.call('editor', 'DELETE', `${T}/{teams.writers}`)).status).toBe(403);
  });
});
