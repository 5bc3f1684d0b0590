/**
 * Joining (invites by e-mail, joining by domain), AI usage, style guides (those the sites made) and their templates,
 * translation runs and upload URLs: what each keeps or answers from the state.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);
const ORG = '/v1/orgs/{organizations.acme}';

const memberIds = async (org = ORG) => ((await t.call('admin', 'GET', `${org}/members?limit=100`)).body.items as { user: { id: string } }[]).map((m) => m.user.id);

describe('inviteUsersToOrganization', () => {
  it('adds the users of the e-mails as members (a new e-mail becomes a user), with the role asked; members already there are skipped', async () => {
    const res = await t.call('admin', 'POST', `${ORG}/invites`, {
      emails: ['oscar@elsewhere.test', { email: 'new.person@acme.test', role: 'edit' }, 'eli@acme.test'],
      role: 'comment',
    });
    expect(res.status).toBe(200);
    expectOfficial('inviteUsersToOrganization', 200, res.body);
    expect(res.body.invited).toBe(2);
    expect(res.body.users[0]).toBe(gb.id('users', 'outsider'));
    const members = (await t.call('admin', 'GET', `${ORG}/members?limit=100`)).body.items as { role: string; user: { id: string; email: string; displayName: string } }[];
    expect(members.find((m) => m.user.id === gb.id('users', 'outsider'))?.role).toBe('comment');
    expect(members.find((m) => m.user.id === res.body.users[1])).toMatchObject({ role: 'edit', user: { email: 'new.person@acme.test', displayName: 'new.person@acme.test' } });
    // The outsider now sees the organization.
    expect((await t.call('outsider', 'GET', ORG)).status).toBe(200);
  });

  it('refuses a non-admin (403), a stranger (404), a bad e-mail (400), and adds nobody', async () => {
    const before = await memberIds();
    expect((await t.call('editor', 'POST', `${ORG}/invites`, { emails: ['x@acme.test'] })).status).toBe(403);
    expect((await t.call('outsider', 'POST', `${ORG}/invites`, { emails: ['x@acme.test'] })).status).toBe(404);
    expect((await t.call('admin', 'POST', `${ORG}/invites`, { emails: ['not an e-mail'] })).status).toBe(400);
    expect(await memberIds()).toEqual(before);
  });
});

describe('joinOrganization', () => {
  it('a user whose e-mail domain is one of the organization joins with its default role; others are refused (400)', async () => {
    expect((await t.call('outsider', 'POST', `${ORG}/join`)).status).toBe(400);
    expect((await t.call('outsider', 'GET', ORG)).status).toBe(404);
    await t.call('admin', 'PATCH', ORG, { emailDomains: ['acme.test', 'elsewhere.test'] });
    expect((await t.call('outsider', 'POST', `${ORG}/join`)).status).toBe(204);
    const member = (await t.call('admin', 'GET', `${ORG}/members?limit=100`)).body.items.find((m: { user: { id: string } }) => m.user.id === gb.id('users', 'outsider'));
    expect(member).toMatchObject({ role: 'read' });
    expect((await t.call('outsider', 'GET', '/v1/orgs')).body.items.map((o: { id: string }) => o.id)).toEqual([gb.id('organizations', 'acme')]);
    // Joining again changes nothing.
    expect((await t.call('outsider', 'POST', `${ORG}/join`)).status).toBe(204);
    expect((await t.call('outsider', 'POST', '/v1/orgs/nope/join')).status).toBe(404);
  });
});

describe('getOrganizationAIUsage', () => {
  it('answers every period of the range at zero credits (the mock runs no AI feature), up to now', async () => {
    const res = await t.call('admin', 'GET', `${ORG}/billing/ai-usage?from=2025-12-29T00:00:00.000Z&to=2026-02-01T00:00:00.000Z&interval=week`);
    expect(res.status).toBe(200);
    expectOfficial('getOrganizationAIUsage', 200, res.body);
    expect(res.body).toEqual({
      from: '2025-12-29T00:00:00.000Z',
      to: '2026-01-01T00:00:00.000Z',
      periods: [{ date: '2025-12-29', credits: 0, features: [] }],
    });
    const days = await t.call('admin', 'GET', `${ORG}/billing/ai-usage?from=2025-12-29T12:00:00.000Z&to=2026-01-01T00:00:00.000Z`);
    expect(days.body.periods.map((p: { date: string }) => p.date)).toEqual(['2025-12-29', '2025-12-30', '2025-12-31']);
    expect((await t.call('reader', 'GET', `${ORG}/billing/ai-usage?from=2025-12-29T00:00:00.000Z&to=2026-01-01T00:00:00.000Z`)).status).toBe(403);
    expect((await t.call('admin', 'GET', `${ORG}/billing/ai-usage?from=2025-12-29T00:00:00.000Z`)).status).toBe(400);
  });
});

describe('style guides and templates', () => {
  it('list the style guide a site made, with the site; the templates stay empty', async () => {
    const site = '/v1/orgs/{organizations.acme}/sites/{sites.docs-site}';
    const made = await t.call('admin', 'POST', `${site}/styleguide`);
    expect(made.status).toBe(200);
    const guides = await t.call('reader', 'GET', `${ORG}/styleguides`);
    expectOfficial('listOrganizationStyleguides', 200, guides.body);
    expect(guides.body.styleguides.map((g: { space: { id: string }; sites: { id: string }[] }) => [g.space.id, g.sites.map((s) => s.id)])).toEqual([[made.body.id, [gb.id('sites', 'docs-site')]]]);
    expect((await t.call('reader', 'GET', '/v1/orgs/{organizations.globex}/styleguides')).status).toBe(404);
    expect((await t.call('admin', 'GET', '/v1/orgs/{organizations.globex}/styleguides')).body).toEqual({ styleguides: [] });
  });

  it('answer empty lists to members, 404 to strangers', async () => {
    const guides = await t.call('reader', 'GET', `${ORG}/styleguides`);
    expectOfficial('listOrganizationStyleguides', 200, guides.body);
    expect(guides.body).toEqual({ styleguides: [] });
    const templates = await t.call('reader', 'GET', `${ORG}/styleguide-templates`);
    expectOfficial('listStyleguideTemplates', 200, templates.body);
    expect(templates.body).toEqual({ templates: [] });
    expect((await t.call('outsider', 'GET', `${ORG}/styleguides`)).status).toBe(404);
  });
});

describe('runTranslation', () => {
  it('accepts a run of a translation of the organization (204), refuses an unknown one (404) and a non-admin (403)', async () => {
    expect((await t.call('admin', 'POST', `${ORG}/translations/{translations.french}/run`)).status).toBe(204);
    expect((await t.call('admin', 'POST', `${ORG}/translations/nope/run`)).status).toBe(404);
    expect((await t.call('editor', 'POST', `${ORG}/translations/{translations.french}/run`)).status).toBe(403);
  });
});

describe('generateStorageUploadURL', () => {
  it('gives a signed URL that takes the upload while it holds; a changed URL is refused (403), an expired one 410', async () => {
    const res = await t.call('admin', 'POST', `${ORG}/storage/upload`, { file: { name: 'logo.png', type: 'image/png', size: 68 }, kind: 'organization_file' });
    expect(res.status).toBe(201);
    expectOfficial('generateStorageUploadURL', 201, res.body);
    expect(res.body.key).toMatch(new RegExp(`^organization_file/${gb.id('organizations', 'acme')}/\\S+/logo\\.png$`));
    const url = new URL(res.body.url);
    expect(url.pathname).toMatch(/^\/__files\/storage\//);
    const put = (u: URL) => gb.fetch(`${u.pathname}${u.search}`, { method: 'PUT', body: new Uint8Array(68), headers: { 'content-type': 'image/png' } });
    expect((await put(url)).status).toBe(200);
    const changed = new URL(url);
    changed.searchParams.set('size', '999999');
    expect((await put(changed)).status).toBe(403);
    await t.admin('POST', '/__admin/clock', { advance: 'PT2H' });
    expect((await put(url)).status).toBe(410);
    expect((await t.call('reader', 'POST', `${ORG}/storage/upload`, { file: { name: 'x', type: 'text/plain', size: 1 }, kind: 'organization_file' })).status).toBe(403);
    expect((await t.call('admin', 'POST', `${ORG}/storage/upload`, { file: { name: 'x' }, kind: 'organization_file' })).status).toBe(400);
  });
});
