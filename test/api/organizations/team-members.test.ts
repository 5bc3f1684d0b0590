import { TeamMemberRole } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const TM = '/v1/orgs/{organizations.acme}/teams/{teams.writers}/members';

async function roster(t: Calls): Promise<Record<string, string>> {
  const res = await t.call('admin', 'GET', TM);
  const users = Object.fromEntries(Object.entries(gb.manifest.ids.users).map(([k, v]) => [v, k]));
  return Object.fromEntries(res.body.items.map((i: { organization: { id: string }; team: { role: string } }) => [users[i.organization.id], i.team.role]));
}

describe('team members', () => {
  it('lists team memberships through the official client', async () => {
    const { data } = await gb.client('reader').orgs.listTeamMembersInOrganizationById(gb.id('organizations', 'acme'), gb.id('teams', 'writers'));
    expectOfficial('listTeamMembersInOrganizationById', 200, data);
    expect(await roster(t)).toEqual({ editor: 'owner', commenter: 'member' });
  });

  it('adds and removes by user id or e-mail (204)', async () => {
    const res = await gb.client('admin').orgs.updateMembersInOrganizationTeam(gb.id('organizations', 'acme'), gb.id('teams', 'writers'), {
      add: [gb.id('users', 'reader'), 'RINA@acme.test'],
      remove: ['chidi@acme.test'],
    });
    expect(res.status).toBe(204);
    expect(await roster(t)).toEqual({ editor: 'owner', reader: 'member', reviewer: 'member' });
  });

  it('lets removal win for a user in both add and remove', async () => {
    await t.call('admin', 'PUT', TM, { add: ['rosa@acme.test'], remove: [gb.id('users', 'reader')] });
    expect(await roster(t)).toEqual({ editor: 'owner', commenter: 'member' });
  });

  it('sets roles with memberships keyed by user id or e-mail', async () => {
    await t.call('admin', 'PUT', TM, { memberships: { 'chidi@acme.test': { role: 'owner' }, [gb.id('users', 'reader')]: { role: 'member' } } });
    expect(await roster(t)).toEqual({ editor: 'owner', commenter: 'owner', reader: 'member' });
  });

  it('refuses unknown users (400) and changes nothing', async () => {
    const res = await t.call('admin', 'PUT', TM, { add: [gb.id('users', 'reader'), 'nobody@acme.test'], remove: ['chidi@acme.test'] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('nobody@acme.test');
    expect(await roster(t)).toEqual({ editor: 'owner', commenter: 'member' });
  });

  it('refuses users outside the organization (400)', async () => {
    const res = await t.call('admin', 'PUT', TM, { add: [gb.id('users', 'outsider')] });
    expect(res.status).toBe(400);
  });

  it.each([[{ add: 'x' }, 'add'], [{ memberships: { x: { role: 'boss' } } }, 'memberships']])('refuses %j naming %s', async (body, field) => {
    const res = await t.call('admin', 'PUT', TM, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
  });

  it('puts one member with a role through the official client', async () => {
    const res = await gb.client('admin').orgs.addMemberToOrganizationTeamById(gb.id('organizations', 'acme'), gb.id('teams', 'writers'), gb.id('users', 'reader'), { role: TeamMemberRole.Owner });
    expect(res.status).toBe(204);
    await t.call('admin', 'PUT', `${TM}/{users.commenter}`, { role: 'owner' });
    await t.call('admin', 'PUT', `${TM}/{users.editor}`, {});
    expect(await roster(t)).toEqual({ editor: 'owner', commenter: 'owner', reader: 'owner' });
  });

  it('deletes one member through the official client, then it is 404', async () => {
    const res = await gb.client('admin').orgs.deleteMemberFromOrganizationTeamById(gb.id('organizations', 'acme'), gb.id('teams', 'writers'), gb.id('users', 'commenter'));
    expect(res.status).toBe(204);
    expect(await roster(t)).toEqual({ editor: 'owner' });
    expect((await t.call('admin', 'DELETE', `${TM}/{users.commenter}`)).status).toBe(404);
  });

  it('lets a team owner manage their own team', async () => {
    expect((await t.call('editor', 'PUT', `${TM}/{users.reader}`, {})).status).toBe(204);
    expect((await t.call('editor', 'DELETE', `${TM}/{users.commenter}`)).status).toBe(204);
    expect(await roster(t)).toEqual({ editor: 'owner', reader: 'member' });
  });

  it.each(['commenter', 'creator', 'reader'])('refuses %s, who does not own the team (403)', async (user) => {
    expect((await t.call(user, 'PUT', TM, { add: [gb.id('users', 'reader')] })).status).toBe(403);
    expect((await t.call(user, 'DELETE', `${TM}/{users.editor}`)).status).toBe(403);
  });

  it('keeps team and member counts in step with the lists', async () => {
    await t.call('admin', 'PUT', TM, { add: ['rosa@acme.test', 'rina@acme.test'], remove: ['eli@acme.test'] });
    const team = await t.call('admin', 'GET', '/v1/orgs/{organizations.acme}/teams/{teams.writers}');
    const list = await t.call('admin', 'GET', TM);
    expect(team.body.members).toBe(list.body.count);
    for (const user of ['reader', 'editor']) {
      const member = await t.call('admin', 'GET', `/v1/orgs/{organizations.acme}/members/{users.${user}}`);
      const teams = await t.call('admin', 'GET', `/v1/orgs/{organizations.acme}/members/{users.${user}}/teams`);
      expect(member.body.teams).toBe(teams.body.count);
    }
  });
});
