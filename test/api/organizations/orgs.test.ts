import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const ORG = '/v1/orgs/{organizations.acme}';

describe('organizations', () => {
  it('updates an organization through the official client', async () => {
    const res = await gb.client('admin').orgs.updateOrganizationById(gb.id('organizations', 'acme'), {
      title: 'Acme Inc',
      emailDomains: ['acme.test', 'ACME.example'],
      hostname: 'acme-inc',
      defaultRole: null,
      logo: 'https://cdn.acme.test/logo.png',
      sso: true,
      ai: false,
      inviteLinks: false,
    });
    expectOfficial('updateOrganizationById', 200, res.data);
    expect(res.data).toMatchObject({
      title: 'Acme Inc',
      emailDomains: ['acme.test', 'acme.example'],
      hostname: 'acme-inc',
      defaultRole: null,
      sso: true,
      ai: false,
      inviteLinks: false,
      urls: { logo: 'https://cdn.acme.test/logo.png' },
    });
    const again = await t.call('reader', 'GET', ORG);
    expect(again.body.title).toBe('Acme Inc');
  });

  it('sets defaultContent to a site of the organization, and back to null', async () => {
    const site = gb.id('sites', 'docs-site');
    const set = await t.call('admin', 'PATCH', ORG, { defaultContent: { type: 'site', site } });
    expect(set.body.defaultContent).toEqual({ type: 'site', site });
    const cleared = await t.call('admin', 'PATCH', ORG, { defaultContent: null, logo: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.defaultContent).toBeUndefined();
  });

  it('refuses a defaultContent site of another organization (400, unchanged)', async () => {
    const res = await t.call('admin', 'PATCH', ORG, { defaultContent: { type: 'site', site: 'nope' }, title: 'Changed' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('defaultContent');
    expect((await t.call('admin', 'GET', ORG)).body.title).toBe('Acme Corporation');
  });

  it('takes email domains as the plain strings the official document has', async () => {
    const res = await t.call('admin', 'PATCH', ORG, { emailDomains: ['corp_internal.acme.test'] });
    expect(res.status).toBe(200);
    expectOfficial('updateOrganizationById', 200, res.body);
    expect(res.body.emailDomains).toEqual(['corp_internal.acme.test']);
  });

  it.each([
    [{ title: 'A' }, 'title'],
    [{ title: 'x'.repeat(256) }, 'title'],
    [{ hostname: 'ab' }, 'hostname'],
    [{ hostname: 'x'.repeat(33) }, 'hostname'],
    [{ defaultRole: 'owner' }, 'defaultRole'],
    [{ logo: 'not a uri' }, 'logo'],
    [{ sso: 'yes' }, 'sso'],
  ])('refuses %j naming %s', async (body, field) => {
    const res = await t.call('admin', 'PATCH', ORG, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
  });

  it('stores merge rules (official field)', async () => {
    const mergeRules = { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }, { rule: 'allow_bypass', users: [gb.id('users', 'admin')] }] };
    const res = await t.call('admin', 'PATCH', ORG, { mergeRules });
    expectOfficial('updateOrganizationById', 200, res.body);
    expect(res.body.mergeRules).toEqual(mergeRules);
    const bad = await t.call('admin', 'PATCH', ORG, { mergeRules: { type: 'rules', rules: [{ rule: 'anything goes' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('mergeRules');
  });

  it('refuses a hostname another organization has (409)', async () => {
    const res = await t.call('admin', 'PATCH', ORG, { hostname: 'globex' });
    expect(res.status).toBe(409);
  });

  it.each(['creator', 'editor', 'reader'])('refuses the update to %s (403)', async (user) => {
    const res = await t.call(user, 'PATCH', ORG, { title: 'Mine now' });
    expect(res.status).toBe(403);
  });

  it('hides the organization from outsiders (404)', async () => {
    expect((await t.call('outsider', 'PATCH', ORG, { title: 'Mine now' })).status).toBe(404);
    expect((await t.call('outsider', 'GET', ORG)).status).toBe(404);
  });

  it('reports team ownership in permissions.ownTeam', async () => {
    expect((await t.call('editor', 'GET', ORG)).body.permissions.ownTeam).toBe(true);
    expect((await t.call('commenter', 'GET', ORG)).body.permissions.ownTeam).toBe(false);
  });
});

describe('invite links', () => {
  it('deletes an invite link (205), then it is unknown (404)', async () => {
    const invite = gb.mock!.runtime.db.inviteLinks.by('organization', gb.id('organizations', 'acme'))[0];
    const res = await gb.client('admin').orgs.deleteOrganizationInviteById(gb.id('organizations', 'acme'), invite.id);
    expect(res.status).toBe(205);
    expect(gb.mock!.runtime.db.inviteLinks.get(invite.id)).toBeUndefined();
    expect((await t.call('admin', 'DELETE', `${ORG}/link-invites/${invite.id}`)).status).toBe(404);
  });

  it('refuses non-admins (403)', async () => {
    const invite = gb.mock!.runtime.db.inviteLinks.by('organization', gb.id('organizations', 'acme'))[0];
    expect((await t.call('editor', 'DELETE', `${ORG}/link-invites/${invite.id}`)).status).toBe(403);
    expect(gb.mock!.runtime.db.inviteLinks.get(invite.id)).toBeDefined();
  });
});

describe('organizations by e-mail domain', () => {
  it('lists the organizations of a domain to a user of that domain', async () => {
    const { data } = await gb.client('reader').emailDomains.getOrganizationsForEmailDomain('acme.test');
    expectOfficial('getOrganizationsForEmailDomain', 200, data);
    expect(data.organizations.map((o) => o.id)).toEqual([gb.id('organizations', 'acme')]);
  });

  it('lists nothing to a user of another domain who is in none of them', async () => {
    const res = await t.call('outsider', 'GET', '/v1/email-domains/acme.test/orgs');
    expect(res.body).toEqual({ organizations: [] });
  });

  it('matches domains whatever their case', async () => {
    const res = await t.call('admin', 'GET', '/v1/email-domains/GLOBEX.test/orgs');
    expect(res.body.organizations.map((o: { id: string }) => o.id)).toEqual([gb.id('organizations', 'globex')]);
  });
});
