/**
 * Site external links: written through the official client, read where the official document
 * shows them (the site's structure; it has no list or get for them). The published view, which
 * GitBook's renderer reads, has none.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';
import { SITE } from './helpers.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const LINKS = `${SITE}/external-links`;

async function structure(t: Calls, user = 'admin') {
  const res = await t.call(user, 'GET', `${SITE}/structure`);
  expect(res.status).toBe(200);
  expectOfficial('getSiteStructure', 200, res.body);
  return res.body.structure as any[];
}

describe('site external links', () => {
  it('show at the end of the structure once added, change, and go when deleted', async () => {
    const api = gb.client('admin');
    const [org, site] = [gb.id('organizations', 'acme'), gb.id('sites', 'docs-site')];
    const made = await api.orgs.addExternalLinkToSite(org, site, { title: 'Status page', url: 'https://status.acme.test' });
    expectOfficial('addExternalLinkToSite', 201, made.data);
    expect((await structure(t, 'reader')).at(-1)).toEqual(made.data);
    const updated = await api.orgs.updateSiteExternalLinkById(org, site, made.data.id, { title: 'Service status', description: 'Uptime of every service' });
    expectOfficial('updateSiteExternalLinkById', 200, updated.data);
    expect((await structure(t)).at(-1)).toMatchObject({ title: 'Service status', description: 'Uptime of every service' });
    await api.orgs.deleteSiteExternalLinkById(org, site, made.data.id);
    expect((await structure(t)).some((i) => i.id === made.data.id)).toBe(false);
    expect((await t.call('admin', 'PATCH', `${LINKS}/${made.data.id}`, { title: 'Again' })).status).toBe(404);
  });

  it('sit in a section group given as parent, and move back to the top level with parent null', async () => {
    const group = await t.call('admin', 'POST', `${SITE}/section-groups`, { title: 'Resources' });
    expect(group.status).toBe(201);
    const made = await t.call('admin', 'POST', LINKS, { title: 'Blog', url: 'https://blog.acme.test', parent: group.body.id });
    expect(made.body.sectionGroup).toBe(group.body.id);
    const inGroup = (await structure(t)).find((i) => i.id === group.body.id);
    expect(inGroup.children.map((c: any) => c.id)).toContain(made.body.id);
    expect(inGroup.sections.map((c: any) => c.id)).not.toContain(made.body.id);
    const moved = await t.call('admin', 'PATCH', `${LINKS}/${made.body.id}`, { parent: null });
    expect(moved.body.sectionGroup).toBeUndefined();
    expect((await structure(t)).at(-1).id).toBe(made.body.id);
  });

  it('are left out of the published view, live or draft, at the top level or in a group (what GitBook\'s renderer reads)', async () => {
    const group = await t.call('admin', 'POST', `${SITE}/section-groups`, { title: 'Resources' });
    const made = [
      await t.call('admin', 'POST', LINKS, { title: 'Roadmap', url: 'https://roadmap.acme.test', draft: true }),
      await t.call('admin', 'POST', LINKS, { title: 'Status', url: 'https://status.acme.test' }),
      await t.call('admin', 'POST', LINKS, { title: 'Blog', url: 'https://blog.acme.test', parent: group.body.id }),
    ].map((r) => r.body.id as string);
    const key = gb.manifest.shareKeys['partner-preview'];
    const published = await t.call('reader', 'GET', `${SITE}/published?shareKey=${key}`);
    expectOfficial('getPublishedContentSite', 200, published.body);
    const text = JSON.stringify(published.body.structure);
    for (const id of made) expect(text).not.toContain(id);
    expect(text).not.toContain('site-external-link');
    const shown = JSON.stringify(await structure(t));
    for (const id of made) expect(shown).toContain(id);
  });

  it('are written by admins only (403), hidden from outsiders (404), and refuse a parent that is no group of the site (400)', async () => {
    const body = { title: 'Status', url: 'https://status.acme.test' };
    expect((await t.call('editor', 'POST', LINKS, body)).status).toBe(403);
    expect((await t.call('outsider', 'POST', LINKS, body)).status).toBe(404);
    const bad = await t.call('admin', 'POST', LINKS, { ...body, parent: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^parent/);
    expect((await t.call('admin', 'POST', LINKS, { title: 'x', url: 'https://a.test' })).status).toBe(400);
  });
});

describe('site external links of site-launch', () => {
  const launch = useGitBookMock({ scenario: 'site-launch', wallClock: () => 0 });
  const t = callsOn(launch);

  it('site-launch has one on partner-portal, named in its manifest', async () => {
    const res = await t.call('admin', 'GET', '/v1/orgs/{organizations.acme}/sites/{sites.partner-portal}/structure');
    expect(res.status).toBe(200);
    expect(res.body.structure.at(-1)).toMatchObject({ object: 'site-external-link', id: launch.id('siteExternalLinks', 'partner-status'), title: 'Status page' });
  });
});
