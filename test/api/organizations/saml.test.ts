import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const S = '/v1/orgs/{organizations.acme}/saml';

describe('SAML providers', () => {
  it('lists providers through the official client', async () => {
    const { data } = await gb.client('reader').orgs.listSamlProvidersInOrganizationById(gb.id('organizations', 'acme'));
    expectOfficial('listSAMLProvidersInOrganizationById', 200, data);
    expect(data.items.map((p) => p.label)).toEqual(['Okta']);
    expect(data.items[0].defaultTeam?.id).toBe(gb.id('teams', 'writers'));
  });

  it('creates a pending provider from a label alone, with generated service URLs', async () => {
    const res = await gb.client('admin').orgs.createOrganizationSamlProvider(gb.id('organizations', 'acme'), { label: 'Azure AD' });
    expect(res.status).toBe(201);
    expectOfficial('createOrganizationSAMLProvider', 201, res.data);
    expect(res.data.status).toBe('pending');
    expect(res.data.service.acsURL).toMatch(/^https:\/\/.+\/acs$/);
    expect(res.data.service.startURL).toMatch(/^https:\/\/.+\/start$/);
  });

  it('becomes active once entity id, certificate and SSO URL are set', async () => {
    const created = await t.call('admin', 'POST', S, { label: 'Azure AD' });
    const { data } = await gb.client('admin').orgs.updateOrganizationSamlProvider(gb.id('organizations', 'acme'), created.body.id, {
      entityID: 'https://sts.windows.test/abc',
      certificate: 'MIIC-cert',
      ssoURL: 'https://login.windows.test/abc/saml2',
    });
    expectOfficial('updateOrganizationSAMLProvider', 200, data);
    expect(data.status).toBe('active');
  });

  it('gets a provider through the official client', async () => {
    const { data } = await gb.client('admin').orgs.getOrganizationSamlProviderById(gb.id('organizations', 'acme'), gb.id('samlProviders', 'okta'));
    expectOfficial('getOrganizationSAMLProviderById', 200, data);
    expect(data).toMatchObject({ label: 'Okta', status: 'active', defaultRole: 'read' });
  });

  it('refuses a default team of another organization (400), and accepts one of its own', async () => {
    const bad = await t.call('admin', 'POST', S, { label: 'X', defaultTeam: 'elsewhere' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('defaultTeam');
    const good = await t.call('admin', 'POST', S, { label: 'X', defaultTeam: gb.id('teams', 'writers') });
    expect(good.body.defaultTeam.id).toBe(gb.id('teams', 'writers'));
  });

  it('unsets the default team with null', async () => {
    const res = await t.call('admin', 'PATCH', `${S}/{samlProviders.okta}`, { defaultTeam: null });
    expect(res.body.defaultTeam).toBeUndefined();
  });

  it.each([
    [{}, 'label'],
    [{ label: '' }, 'label'],
    [{ label: 'x'.repeat(31) }, 'label'],
    [{ label: 'X', entityID: 'e'.repeat(1025) }, 'entityID'],
    [{ label: 'X', certificate: 'c'.repeat(10001) }, 'certificate'],
    [{ label: 'X', ssoURL: 'not a url' }, 'ssoURL'],
    [{ label: 'X', defaultRole: 'boss' }, 'defaultRole'],
  ])('refuses %j naming %s', async (body, field) => {
    const res = await t.call('admin', 'POST', S, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
    expect((await t.call('admin', 'GET', S)).body.count).toBe(1);
  });

  it('deletes a provider (204), then it is 404', async () => {
    const res = await gb.client('admin').orgs.deleteOrganizationSamlProvider(gb.id('organizations', 'acme'), gb.id('samlProviders', 'okta'));
    expect(res.status).toBe(204);
    expect((await t.call('admin', 'GET', `${S}/{samlProviders.okta}`)).status).toBe(404);
  });

  it.each([
    ['POST', S, { label: 'X' }],
    ['PATCH', `${S}/{samlProviders.okta}`, { label: 'X' }],
    ['DELETE', `${S}/{samlProviders.okta}`, undefined],
  ])('refuses %s %s to non-admins (403)', async (method, path, body) => {
    expect((await t.call('creator', method, path, body)).status).toBe(403);
  });

  it('is 404 in another organization', async () => {
    expect((await t.call('admin', 'GET', '/v1/orgs/{organizations.globex}/saml/{samlProviders.okta}')).status).toBe(404);
  });
});

describe('SSO login infos', () => {
  it('lists one entry per provider through the official client', async () => {
    await t.call('admin', 'POST', S, { label: 'Azure AD' });
    const { data } = await gb.client('reader').orgs.listSsoProviderLoginsInOrganization(gb.id('organizations', 'acme'));
    expectOfficial('listSSOProviderLoginsInOrganization', 200, data);
    expect(data.items.map((i) => i.label)).toEqual(['Okta', 'Azure AD']);
    const provider = await t.call('admin', 'GET', `${S}/{samlProviders.okta}`);
    expect(data.items[0].startURL).toBe(provider.body.service.startURL);
  });
});
