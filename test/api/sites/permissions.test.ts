/** Site permissions: the space and collection permission rows on a site, through the official client. */
import { describe, expect, it } from 'vitest';
import { MemberRole } from '@gitbook/api';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

describe('site permissions', () => {
  it('a grant shows in users, teams and the aggregate with its origin, changes, and goes on removal', async () => {
    const api = gb.client('admin');
    const [org, site] = [gb.id('organizations', 'acme'), gb.id('sites', 'docs-site')];
    const [reader, writers] = [gb.id('users', 'reader'), gb.id('teams', 'writers')];
    await api.orgs.inviteToSite(org, site, { role: MemberRole.Edit, users: [reader], teams: [writers] });

    const users = await api.orgs.listUserPermissionsInSite(org, site);
    expectOfficial('listUserPermissionsInSite', 200, users.data);
    expect(users.data.items).toEqual([expect.objectContaining({ permission: 'edit', user: expect.objectContaining({ id: reader }) })]);
    const teams = await api.orgs.listTeamPermissionsInSite(org, site);
    expectOfficial('listTeamPermissionsInSite', 200, teams.data);
    expect(teams.data.items.map((i) => i.team.id)).toEqual([writers]);

    const aggregate = await api.orgs.listPermissionsAggregateInSite(org, site);
    expectOfficial('listPermissionsAggregateInSite', 200, aggregate.data);
    const byUser = new Map(aggregate.data.items.map((i) => [i.user.id, i]));
    expect(byUser.get(reader)).toMatchObject({ permission: 'edit', origin: { type: 'site', site, reason: 'member' }, disabled: false });
    // commenter is in the writers team: raised from comment to edit by the team's grant.
    expect(byUser.get(gb.id('users', 'commenter'))).toMatchObject({ permission: 'edit', origin: { type: 'site', reason: 'team', team: writers } });
    expect(byUser.get(gb.id('users', 'admin'))).toMatchObject({ permission: 'admin', origin: { type: 'organization', organization: org } });
    const filtered = await api.orgs.listPermissionsAggregateInSite(org, site, { team: writers });
    expect(filtered.data.items.map((i) => i.user.id).sort()).toEqual([gb.id('users', 'commenter'), gb.id('users', 'editor')].sort());

    expect((await t.call('reader', 'PATCH', `/v1/orgs/${org}/sites/${site}/permissions/users/${reader}`, { role: 'admin' })).status).toBe(403);
    await api.orgs.updateUserPermissionInSite(org, site, reader, { role: MemberRole.Review });
    expect((await api.orgs.listUserPermissionsInSite(org, site)).data.items[0].permission).toBe('review');
    await api.orgs.removeTeamFromSite(org, site, writers);
    expect((await api.orgs.listTeamPermissionsInSite(org, site)).data.items).toEqual([]);
    expect((await t.call('admin', 'DELETE', `/v1/orgs/${org}/sites/${site}/permissions/teams/${writers}`)).status).toBe(404);
  });

  it('is read by members, refused to outsiders (404), and changed by admins only (403)', async () => {
    const base = '/v1/orgs/{organizations.acme}/sites/{sites.docs-site}/permissions';
    expect((await t.call('reader', 'GET', `${base}/users`)).status).toBe(200);
    expect((await t.call('outsider', 'GET', `${base}/aggregate`)).status).toBe(404);
    expect((await t.call('editor', 'POST', base, { role: 'read', users: [gb.id('users', 'reader')] })).status).toBe(403);
    const bad = await t.call('admin', 'POST', base, { role: 'read', teams: ['nope'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^teams\[0\]/);
  });

  it('goes with the site, and with a team that is deleted', async () => {
    const base = '/v1/orgs/{organizations.acme}/sites/{sites.docs-site}';
    await t.call('admin', 'POST', `${base}/permissions`, { role: 'read', teams: [gb.id('teams', 'writers')], users: [gb.id('users', 'outsider')] });
    expect((await t.call('admin', 'DELETE', '/v1/orgs/{organizations.acme}/teams/{teams.writers}')).status).toBe(204);
    expect((await t.call('admin', 'GET', `${base}/permissions/teams`)).body.items).toEqual([]);
    expect((await t.call('admin', 'DELETE', base)).status).toBe(205);
    expect(gb.mock!.runtime.db.sitePermissions.size).toBe(0);
  });
});
