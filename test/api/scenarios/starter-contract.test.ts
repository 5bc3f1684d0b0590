/** The `starter` scenario exactly as docs/contract.md lists it, checked through the API. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { STARTER_ROLES } from '../../helpers/permissions.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

describe('starter, as docs/contract.md lists it', () => {
  it.each(STARTER_ROLES.filter(([, role]) => role !== undefined))('%s is a member of acme with role %s', async (user, role) => {
    const res = await t.call('admin', 'GET', `/v1/orgs/{organizations.acme}/members/{users.${user}}`);
    expect(res.body.role).toBe(role);
  });

  it('gives outsider a token and no organization', async () => {
    expect((await t.call('outsider', 'GET', '/v1/orgs')).body.items).toEqual([]);
  });

  it('has acme with the email domain acme.test, and admin an admin of globex', async () => {
    expect((await t.call('admin', 'GET', '/v1/orgs/{organizations.acme}')).body.emailDomains).toEqual(['acme.test']);
    expect((await t.call('admin', 'GET', '/v1/orgs/{organizations.globex}/members/{users.admin}')).body.role).toBe('admin');
  });

  it('has team writers with editor as owner and commenter as member', async () => {
    const res = await t.call('admin', 'GET', '/v1/orgs/{organizations.acme}/teams/{teams.writers}/members');
    const roles = Object.fromEntries(res.body.items.map((m: { organization: { user: { id: string } }; team: { role: string } }) => [m.organization.user.id, m.team.role]));
    expect(roles).toEqual({ [gb.id('users', 'editor')]: 'owner', [gb.id('users', 'commenter')]: 'member' });
  });

  it('has handbook live, with 3 pages or more (one nested) and a file', async () => {
    const space = await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}');
    expect(space.body.editMode).toBe('live');
    const content = await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}/content');
    const pages = content.body.pages;
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.some((p: { pages?: unknown[] }) => (p.pages ?? []).length > 0)).toBe(true);
    expect(content.body.files.length).toBeGreaterThanOrEqual(1);
  });

  it('has 2 open comments on handbook (one with a reply) and 1 resolved', async () => {
    const open = (await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}/comments?status=open')).body.items;
    const resolved = (await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}/comments?status=resolved')).body.items;
    expect(open.length).toBeGreaterThanOrEqual(2);
    expect(open.some((c: { replies: number }) => c.replies > 0)).toBe(true);
    expect(resolved.length).toBeGreaterThanOrEqual(1);
  });

  it('has api-docs public', async () => {
    expect((await t.call('admin', 'GET', '/v1/spaces/{spaces.api-docs}')).body.visibility).toBe('public');
  });

  it('has handbook-draft open, commented, with reviewer requested', async () => {
    const cr = '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}';
    expect((await t.call('admin', 'GET', cr)).body.status).toBe('open');
    expect((await t.call('admin', 'GET', `${cr}/comments`)).body.items.length).toBeGreaterThanOrEqual(1);
    const reviewers = (await t.call('admin', 'GET', `${cr}/requested-reviewers`)).body.items;
    expect(reviewers.map((r: { user: { id: string } }) => r.user.id)).toContain(gb.id('users', 'reviewer'));
  });

  it('has docs-site with handbook as a site space in a section, and partner-preview active', async () => {
    const site = '/v1/orgs/{organizations.acme}/sites/{sites.docs-site}';
    const sections = (await t.call('admin', 'GET', `${site}/sections`)).body.items;
    const inSection = sections.flatMap((s: { siteSpaces: { space: { id: string } }[] }) => s.siteSpaces.map((ss) => ss.space.id));
    expect(inSection).toContain(gb.id('spaces', 'handbook'));
    const links = (await t.call('admin', 'GET', `${site}/share-links`)).body.items;
    expect(links.find((l: { id: string }) => l.id === gb.id('shareLinks', 'partner-preview')).active).toBe(true);
  });

  it('has spec petstore with a version, translation french and SAML provider okta', async () => {
    const org = '/v1/orgs/{organizations.acme}';
    expect((await t.call('admin', 'GET', `${org}/openapi/petstore/versions`)).body.items.length).toBeGreaterThanOrEqual(1);
    expect((await t.call('admin', 'GET', `${org}/translations/{translations.french}`)).status).toBe(200);
    expect((await t.call('admin', 'GET', `${org}/saml/{samlProviders.okta}`)).status).toBe(200);
  });
});
