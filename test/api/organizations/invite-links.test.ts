/** Invite links: list, create, read, change, delete by the organization's admins, and joining with one. */
import { describe, expect, it } from 'vitest';
import { MemberRole } from '@gitbook/api';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const LINKS = '/v1/orgs/{organizations.acme}/link-invites';

describe('invite links', () => {
  it('are listed, created, read and changed by an admin through the official client, with the starter link named in the manifest', async () => {
    const api = gb.client('admin');
    const org = gb.id('organizations', 'acme');
    const listed = await api.orgs.listOrganizationInviteLinks(org);
    expectOfficial('listOrganizationInviteLinks', 200, listed.data);
    expect(listed.data.items).toEqual([{ object: 'invite', id: gb.id('inviteLinks', 'acme-readers'), role: 'read', redundant: true }]);
    const made = await api.orgs.createOrganizationInvite(org, { role: MemberRole.Edit });
    expectOfficial('createOrganizationInvite', 201, made.data);
    const updated = await api.orgs.updateOrganizationInviteById(org, made.data.id, { role: MemberRole.Review });
    expectOfficial('updateOrganizationInviteById', 200, updated.data);
    const got = await api.orgs.getOrganizationInviteLink(org, made.data.id);
    expectOfficial('getOrganizationInviteLink', 200, got.data);
    expect(got.data).toMatchObject({ id: made.data.id, role: 'review' });
    expect((await api.orgs.listOrganizationInviteLinks(org)).data.items.map((i) => i.id)).toContain(made.data.id);
  });

  it('refuse members (403) and outsiders (404), and a space of another organization (400)', async () => {
    expect((await t.call('editor', 'GET', LINKS)).status).toBe(403);
    expect((await t.call('outsider', 'GET', LINKS)).status).toBe(404);
    expect((await t.call('editor', 'POST', LINKS, { role: 'read' })).status).toBe(403);
    const bad = await t.call('admin', 'POST', LINKS, { level: 'read', space: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^space/);
  });

  it('let an outsider join with a link (as a member with its role), and a space link open the space', async () => {
    const org = '/v1/orgs/{organizations.acme}';
    const made = await t.call('admin', 'POST', LINKS, { role: 'comment' });
    expect((await t.call('outsider', 'GET', org)).status).toBe(404);
    const joined = await t.call('outsider', 'POST', `${org}/invites/${made.body.id}`);
    expect(joined.status).toBe(200);
    expectOfficial('joinOrganizationWithInvite', 200, joined.body);
    const member = await t.call('admin', 'GET', `${org}/members/{users.outsider}`);
    expect(member.body.role).toBe('comment');

    await gb.reset();
    const link = await t.call('admin', 'POST', LINKS, { level: 'edit', space: gb.id('spaces', 'handbook') });
    expectOfficial('createOrganizationInvite', 201, link.body);
    expect(link.body.space.id).toBe(gb.id('spaces', 'handbook'));
    expect((await t.call('outsider', 'GET', '/v1/spaces/{spaces.handbook}')).status).toBe(404);
    expect((await t.call('outsider', 'POST', `${org}/invites/${link.body.id}`)).status).toBe(200);
    const space = await t.call('outsider', 'GET', '/v1/spaces/{spaces.handbook}');
    expect(space.status).toBe(200);
    expect(space.body.permissions.edit).toBe(true);
    expect((await t.call('outsider', 'POST', `${org}/invites/not-a-link`)).status).toBe(404);
  });
});

describe('invite links of org-admin', () => {
  const orgAdmin = useGitBookMock({ scenario: 'org-admin', wallClock: () => 0 });
  const t = callsOn(orgAdmin);

  it('org-admin names its invite links in the manifest, so the seed DELETE can remove one from outside', async () => {
    const path = `/v1/orgs/${orgAdmin.id('organizations', 'initech')}/link-invites/${orgAdmin.id('inviteLinks', 'initech-editors')}`;
    expect((await t.call('admin', 'GET', path)).body).toMatchObject({ role: 'edit' });
    expect((await t.call('admin', 'DELETE', path)).status).toBe(205);
    expect((await t.call('admin', 'GET', path)).status).toBe(404);
  });
});
