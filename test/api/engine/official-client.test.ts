/**
 * The engine's families and space permissions through the official client (@gitbook/api),
 * as a consumer calls them: every answer parsed by the client, its body checked against the
 * official response schema; and space permissions doing what they say (a grant opens the space).
 */
import { describe, expect, it } from 'vitest';
import { MemberRole } from '@gitbook/api';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

describe('engine families through the official client', () => {
  it('collections: create, get, list, update, delete', async () => {
    const api = gb.client('admin');
    const org = gb.id('organizations', 'acme');
    const made = await api.orgs.createCollection(org, { title: 'Playbooks' });
    expectOfficial('createCollection', 201, made.data);
    const got = await api.collections.getCollectionById(made.data.id);
    expectOfficial('getCollectionById', 200, got.data);
    const list = await api.orgs.listCollectionsInOrganizationById(org);
    expect(list.data.items.map((c) => c.id)).toEqual(expect.arrayContaining([gb.id('collections', 'guides'), made.data.id]));
    const updated = await api.collections.updateCollectionById(made.data.id, { description: 'How we work' });
    expect(updated.data.description).toBe('How we work');
    await api.collections.deleteCollectionById(made.data.id);
    await expect(api.collections.getCollectionById(made.data.id)).rejects.toMatchObject({ code: 404 });
  });

  it('collections: a space moved into one is listed in it, for those who see the space', async () => {
    const api = gb.client('admin');
    const collection = gb.id('collections', 'guides');
    expect((await api.collections.listSpacesInCollectionById(collection)).data.items).toEqual([]);
    const moved = await t.call('admin', 'POST', '/v1/spaces/{spaces.api-docs}/move', { parent: collection });
    expect(moved.status).toBe(200);
    const listed = await api.collections.listSpacesInCollectionById(collection);
    expectOfficial('listSpacesInCollectionById', 200, listed.data);
    expect(listed.data.items.map((s) => s.id)).toEqual([gb.id('spaces', 'api-docs')]);
    expect((await t.call('outsider', 'GET', `/v1/collections/${collection}/spaces`)).status).toBe(404);
  });

  it('site redirects: the starter redirect is found by source, a new one too', async () => {
    const api = gb.client('admin');
    const [org, site] = [gb.id('organizations', 'acme'), gb.id('sites', 'docs-site')];
    const starter = await api.orgs.getSiteRedirectBySource(org, site, { source: '/old-handbook/policies' });
    expectOfficial('getSiteRedirectBySource', 200, starter.data);
    expect(starter.data.redirect.id).toBe(gb.id('siteRedirects', 'old-handbook'));
    expect(starter.data.target).toMatch(/\/policies$/);
    const made = await api.orgs.createSiteRedirect(org, site, { source: '/faq', destination: { kind: 'external', url: 'https://example.com/help' } });
    expectOfficial('createSiteRedirect', 201, made.data);
    const found = await api.orgs.getSiteRedirectBySource(org, site, { source: '/faq' });
    expect(found.data.target).toBe('https://example.com/help');
    const listed = await api.orgs.listSiteRedirects(org, site);
    expectOfficial('listSiteRedirects', 200, listed.data);
    expect(listed.data.items[0].id).toBe(made.data.id);
    await expect(api.orgs.createSiteRedirect(org, site, { source: '/faq', destination: { kind: 'external', url: 'https://example.com/x' } })).rejects.toMatchObject({ code: 409 });
  });
});

describe('space permissions', () => {
  it('a grant opens a private space to an outsider, shows in users, teams and aggregate, and goes on removal', async () => {
    const api = gb.client('admin');
    const space = gb.id('spaces', 'handbook');
    const outsider = gb.id('users', 'outsider');
    expect((await t.call('outsider', 'GET', `/v1/spaces/${space}`)).status).toBe(404);
    await api.spaces.inviteToSpace(space, { role: MemberRole.Comment, users: [outsider], teams: [gb.id('teams', 'writers')] });
    expect((await t.call('outsider', 'GET', `/v1/spaces/${space}`)).status).toBe(200);
    expect((await t.call('outsider', 'POST', `/v1/spaces/${space}/comments`, { body: { markdown: 'Hello' } })).status).toBe(200);

    const users = await api.spaces.listUserPermissionsInSpace(space);
    expectOfficial('listUserPermissionsInSpace', 200, users.data);
    expect(users.data.items).toEqual([expect.objectContaining({ permission: 'comment', user: expect.objectContaining({ id: outsider }) })]);
    const teams = await api.spaces.listTeamPermissionsInSpace(space);
    expectOfficial('listTeamPermissionsInSpace', 200, teams.data);
    const aggregate = await api.spaces.listPermissionsAggregateInSpace(space, { role: MemberRole.Comment });
    expectOfficial('listPermissionsAggregateInSpace', 200, aggregate.data);
    expect(aggregate.data.items.map((i) => i.user.id)).toContain(outsider);
    const everyone = await api.spaces.listPermissionsAggregateInSpace(space);
    const admin = everyone.data.items.find((i) => i.user.id === gb.id('users', 'admin'));
    expect(admin?.permission).toBe('admin');

    expect((await t.call('reader', 'PATCH', `/v1/spaces/${space}/permissions/users/${outsider}`, { role: 'edit' })).status).toBe(403);
    await api.spaces.updateUserPermissionInSpace(space, outsider, { role: MemberRole.Edit });
    expect((await api.spaces.listUserPermissionsInSpace(space)).data.items[0].permission).toBe('edit');
    await api.spaces.removeUserFromSpace(space, outsider);
    expect((await t.call('outsider', 'GET', `/v1/spaces/${space}`)).status).toBe(404);
    expect((await t.call('admin', 'DELETE', `/v1/spaces/${space}/permissions/users/${outsider}`)).status).toBe(404);
  });

  it('refuses an unknown user or a team of another organization, naming the field, and changes nothing', async () => {
    const space = gb.id('spaces', 'handbook');
    const bad = await t.call('admin', 'POST', `/v1/spaces/${space}/permissions`, { role: 'read', users: [gb.id('users', 'reader'), 'nobody'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^users\[1\]/);
    expect((await t.call('admin', 'GET', `/v1/spaces/${space}/permissions/users`)).body.count).toBe(0);
  });

  it('collection permissions: a grant on a collection opens its spaces, and goes with the collection', async () => {
    const api = gb.client('admin');
    const collection = gb.id('collections', 'guides');
    const outsider = gb.id('users', 'outsider');
    expect((await t.call('admin', 'POST', '/v1/spaces/{spaces.handbook}/move', { parent: collection })).status).toBe(200);
    expect((await t.call('outsider', 'GET', '/v1/spaces/{spaces.handbook}')).status).toBe(404);
    expect((await t.call('editor', 'POST', `/v1/collections/${collection}/permissions`, { role: 'read', users: [outsider] })).status).toBe(403);
    await api.collections.inviteToCollection(collection, { role: MemberRole.Read, users: [outsider] });
    expect((await t.call('outsider', 'GET', '/v1/spaces/{spaces.handbook}')).status).toBe(200);
    const users = await api.collections.listUserPermissionsInCollection(collection);
    expectOfficial('listUserPermissionsInCollection', 200, users.data);
    const aggregate = await api.collections.listPermissionsAggregateInCollection(collection, { role: MemberRole.Read });
    expectOfficial('listPermissionsAggregateInCollection', 200, aggregate.data);
    expect(aggregate.data.items.map((i) => i.user.id)).toContain(outsider);
    await api.collections.deleteCollectionById(collection);
    expect((await t.call('outsider', 'GET', '/v1/spaces/{spaces.handbook}')).status).toBe(404);
    const state = await t.admin('GET', '/__admin/state');
    expect(state.body.collectionPermissions ?? state.body.state?.collectionPermissions).toEqual([]);
    expect((await t.admin('PUT', '/__admin/state', state.body)).status).toBe(200);
  });
});
