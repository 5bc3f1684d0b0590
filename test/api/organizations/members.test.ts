import { MemberRole } from '@gitbook/api';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';
import { visitorClaimsSecret } from '../../../src/resources/organizations/visitor-claims.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const M = '/v1/orgs/{organizations.acme}/members';
type Item = { id: string; user: { displayName: string } };

describe('members: list', () => {
  it('lists members through the official client, newest first by default', async () => {
    const { data } = await gb.client('reader').orgs.listMembersInOrganizationById(gb.id('organizations', 'acme'));
    expectOfficial('listMembersInOrganizationById', 200, data);
    expect(data.count).toBe(6);
    expect(data.items[0].id).toBe(gb.id('users', 'reader'));
    expect(data.items[5].id).toBe(gb.id('users', 'admin'));
  });

  it('filters by role, guests included', async () => {
    const res = await t.call('reader', 'GET', `${M}?role=edit`);
    expect(res.body.items.map((m: Item) => m.id)).toEqual([gb.id('users', 'editor')]);
    await t.call('admin', 'PATCH', `${M}/{users.commenter}`, { role: null });
    const guests = await t.call('reader', 'GET', `${M}?role=guest`);
    expect(guests.body.items.map((m: Item) => m.id)).toEqual([gb.id('users', 'commenter')]);
  });

  it('searches display names and e-mails, case-insensitive', async () => {
    expect((await t.call('reader', 'GET', `${M}?search=LOVELACE`)).body.items.map((m: Item) => m.id)).toEqual([gb.id('users', 'admin')]);
    expect((await t.call('reader', 'GET', `${M}?search=Rina@`)).body.items.map((m: Item) => m.id)).toEqual([gb.id('users', 'reviewer')]);
  });

  it('sorts by lastSeenAt, listing only members seen at least once', async () => {
    const res = await t.call('reader', 'GET', `${M}?sort=lastSeenAt&order=desc`);
    expect(res.body.items.map((m: Item) => m.id)).toEqual(['admin', 'editor', 'creator', 'reviewer'].map((k) => gb.id('users', k)));
    expect(res.body.count).toBe(4);
  });

  it('sorts by joinedAt ascending', async () => {
    const res = await t.call('reader', 'GET', `${M}?sort=joinedAt&order=asc&limit=2`);
    expect(res.body.items.map((m: Item) => m.id)).toEqual([gb.id('users', 'admin'), gb.id('users', 'creator')]);
    const next = await t.call('reader', 'GET', `${M}?sort=joinedAt&order=asc&limit=2&page=${res.body.next.page}`);
    expect(next.body.items.map((m: Item) => m.id)).toEqual([gb.id('users', 'editor'), gb.id('users', 'reviewer')]);
  });

  it.each([['role=owner', 'role'], ['sort=age', 'sort'], ['order=up', 'order'], ['limit=-1', 'limit']])('refuses %s naming %s', async (qs, field) => {
    const res = await t.call('reader', 'GET', `${M}?${qs}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
  });

  it('refuses guests (403) and hides the list from outsiders (404)', async () => {
    await t.call('admin', 'PATCH', `${M}/{users.reader}`, { role: null });
    expect((await t.call('reader', 'GET', M)).status).toBe(403);
    expect((await t.call('outsider', 'GET', M)).status).toBe(404);
  });
});

describe('members: one member', () => {
  it('gets a member through the official client, with counts matching the lists', async () => {
    const client = gb.client('reader');
    const org = gb.id('organizations', 'acme');
    const { data } = await client.orgs.getMemberInOrganizationById(org, gb.id('users', 'editor'));
    expectOfficial('getMemberInOrganizationById', 200, data);
    const teams = await client.orgs.listTeamsForOrganizationMember(org, gb.id('users', 'editor'));
    const spaces = await client.orgs.listSpacesForOrganizationMember(org, gb.id('users', 'editor'));
    expect(data.teams).toBe(teams.data.count);
    expect(data.teams).toBe(1);
    expect(data.spaces).toBe(spaces.data.count);
    expect(data.spaces).toBe(2);
  });

  it('is 404 for a user who is not a member', async () => {
    expect((await t.call('reader', 'GET', `${M}/{users.outsider}`)).status).toBe(404);
  });

  it('changes a role with immediate effect on what the user may do', async () => {
    expect((await t.call('reader', 'PATCH', '/v1/orgs/{organizations.acme}', { ai: false })).status).toBe(403);
    const { data } = await gb.client('admin').orgs.updateMemberInOrganizationById(gb.id('organizations', 'acme'), gb.id('users', 'reader'), { role: MemberRole.Admin });
    expectOfficial('updateMemberInOrganizationById', 200, data);
    expect(data.role).toBe('admin');
    expect((await t.call('reader', 'PATCH', '/v1/orgs/{organizations.acme}', { ai: false })).status).toBe(200);
    expect((await t.call('reader', 'GET', '/v1/orgs/{organizations.acme}')).body.permissions.admin).toBe(true);
  });

  it('makes a guest with a null role', async () => {
    const res = await t.call('admin', 'PATCH', `${M}/{users.editor}`, { role: null });
    expect(res.body.role).toBeNull();
    const org = await t.call('editor', 'GET', '/v1/orgs/{organizations.acme}');
    expect(org.body.permissions).toMatchObject({ view: true, listMembers: false, createContent: false });
  });

  it.each([[{ role: 'owner' }, 'role'], [{ role: 5 }, 'role']])('refuses %j naming %s', async (body, field) => {
    const res = await t.call('admin', 'PATCH', `${M}/{users.editor}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
  });

  it('refuses a role change by a non-admin (403, unchanged)', async () => {
    expect((await t.call('creator', 'PATCH', `${M}/{users.reader}`, { role: 'admin' })).status).toBe(403);
    expect((await t.call('reader', 'GET', `${M}/{users.reader}`)).body.role).toBe('read');
  });

  it('keeps the last admin (409)', async () => {
    expect((await t.call('admin', 'PATCH', `${M}/{users.admin}`, { role: 'edit' })).status).toBe(409);
    expect((await t.call('admin', 'DELETE', `${M}/{users.admin}`)).status).toBe(409);
  });

  it('makes a member an SSO member', async () => {
    const { data } = await gb.client('admin').orgs.setUserAsSsoMemberForOrganization(gb.id('organizations', 'acme'), gb.id('users', 'editor'));
    expectOfficial('setUserAsSSOMemberForOrganization', 200, data);
    expect(data.sso).toBe(true);
    expect((await t.call('editor', 'POST', `${M}/{users.editor}/sso`)).status).toBe(403);
  });
});

describe('members: removal', () => {
  it('removes a member from the organization and its teams; their token no longer reaches it', async () => {
    const res = await gb.client('admin').orgs.removeMemberFromOrganizationById(gb.id('organizations', 'acme'), gb.id('users', 'editor'));
    expect(res.status).toBe(204);
    expect((await t.call('editor', 'GET', '/v1/orgs/{organizations.acme}')).status).toBe(404);
    expect((await t.call('editor', 'GET', '/v1/orgs')).body.items.map((o: { id: string }) => o.id)).toEqual([]);
    const team = await t.call('admin', 'GET', '/v1/orgs/{organizations.acme}/teams/{teams.writers}');
    expect(team.body.members).toBe(1);
    expect((await t.call('admin', 'GET', `${M}/{users.editor}`)).status).toBe(404);
  });

  it('lets a member leave, but not remove someone else', async () => {
    expect((await t.call('editor', 'DELETE', `${M}/{users.reader}`)).status).toBe(403);
    expect((await t.call('reader', 'DELETE', `${M}/{users.reader}`)).status).toBe(204);
  });
});

describe('members: spaces and teams', () => {
  it('lists the spaces of a guest: only the public one, with read permission', async () => {
    await t.call('admin', 'PATCH', `${M}/{users.commenter}`, { role: null });
    const res = await t.call('reader', 'GET', `${M}/{users.commenter}/spaces`);
    expectOfficial('listSpacesForOrganizationMember', 200, res.body);
    expect(res.body.items.map((i: { permission: string; space: { id: string } }) => [i.permission, i.space.id])).toEqual([['read', gb.id('spaces', 'api-docs')]]);
    expect((await t.call('reader', 'GET', `${M}/{users.commenter}`)).body.spaces).toBe(1);
  });

  it('lists the teams of a member with their team role, filtered by title', async () => {
    const res = await t.call('reader', 'GET', `${M}/{users.editor}/teams`);
    expectOfficial('listTeamsForOrganizationMember', 200, res.body);
    expect(res.body.items).toEqual([expect.objectContaining({ member: { role: 'owner' }, team: expect.objectContaining({ id: gb.id('teams', 'writers') }) })]);
    expect((await t.call('reader', 'GET', `${M}/{users.editor}/teams?title=RIT`)).body.count).toBe(1);
    expect((await t.call('reader', 'GET', `${M}/{users.editor}/teams?title=design`)).body.count).toBe(0);
  });
});

describe('ping', () => {
  it('sets lastSeenAt from the virtual clock and returns a signed JWT', async () => {
    await t.admin('POST', '/__admin/clock', { advance: 'PT1H' });
    const { data } = await gb.client('commenter').orgs.updateOrganizationMemberLastSeenAt(gb.id('organizations', 'acme'));
    expectOfficial('updateOrganizationMemberLastSeenAt', 200, data);
    const body = data as { serviceVisitorClaims: string; gitbookVisitorClaims: string };
    expect(body.gitbookVisitorClaims).toBe(body.serviceVisitorClaims);
    const [header, payload, signature] = body.serviceVisitorClaims.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({ sub: gb.id('users', 'commenter') });
    const expected = createHmac('sha256', visitorClaimsSecret(gb.mock!.runtime.options.seed ?? 0)).update(`${header}.${payload}`).digest('base64url');
    expect(signature).toBe(expected);
    const member = await t.call('admin', 'GET', `${M}/{users.commenter}`);
    expect(member.body.lastSeenAt).toBe('2026-01-01T01:00:00.000Z');
  });

  it('is 404 to outsiders', async () => {
    expect((await t.call('outsider', 'POST', '/v1/orgs/{organizations.acme}/ping')).status).toBe(404);
  });
});
