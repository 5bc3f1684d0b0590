/** A site's structure and the site and site-space customization, through the official client. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';
import { expectRefused, newSite, SITE, SITES } from './helpers.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const SS_CUSTOM = `${SITE}/site-spaces/{siteSpaces.handbook-site-space}/customization`;

describe('site structure', () => {
  it('answers the sections and groups in order, and follows a new group at once', async () => {
    const org = gb.id('organizations', 'acme');
    const site = gb.id('sites', 'docs-site');
    const before = await gb.client('reader').orgs.getSiteStructure(org, site);
    expectOfficial('getSiteStructure', 200, before.data);
    expect(before.data.type).toBe('sections');
    expect(before.data.structure.map((s) => s.id)).toEqual([gb.id('siteSections', 'handbook-section')]);
    const api = await t.call('admin', 'POST', `${SITE}/sections`, { spaceId: gb.id('spaces', 'api-docs'), title: 'API' });
    const group = await t.call('admin', 'POST', `${SITE}/section-groups`, { title: 'Guides', sections: [gb.id('siteSections', 'handbook-section')] });
    const after = await t.call('reader', 'GET', `${SITE}/structure`);
    expectOfficial('getSiteStructure', 200, after.body);
    expect(after.body.structure.map((s: { object: string; id: string }) => [s.object, s.id]).sort()).toEqual(
      [['site-section', api.body.id], ['site-section-group', group.body.id]].sort(),
    );
  });

  it('answers the site spaces of a site without sections', async () => {
    const site = await newSite(t, ['api-docs']);
    const res = await t.call('reader', 'GET', `${SITES}/${site}/structure`);
    expectOfficial('getSiteStructure', 200, res.body);
    expect(res.body.type).toBe('siteSpaces');
    expect(res.body.structure.map((s: { space: { id: string } }) => s.space.id)).toEqual([gb.id('spaces', 'api-docs')]);
  });

  it('hides the structure from an outsider (404) and refuses an unknown share key (400)', async () => {
    expect((await t.call('outsider', 'GET', `${SITE}/structure`)).status).toBe(404);
    const bad = await t.call('reader', 'GET', `${SITE}/structure?shareKey=nope`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('query.shareKey');
  });
});

describe('site customization', () => {
  it('serves the defaults, then what PUT set, in the published site too (official client)', async () => {
    const org = gb.id('organizations', 'acme');
    const site = gb.id('sites', 'docs-site');
    const defaults = await gb.client('reader').orgs.getSiteCustomizationById(org, site);
    expectOfficial('getSiteCustomizationById', 200, defaults.data);
    expect(defaults.data.title).toBe('Acme Docs');
    expect(defaults.data.updatedAt).toBeUndefined();
    const input = { ...defaults.data, title: 'Acme Handbook', styling: { ...defaults.data.styling, primaryColor: { light: '#112233', dark: '#445566' } } };
    const put = await gb.client('admin').orgs.updateSiteCustomizationById(org, site, input);
    expectOfficial('updateSiteCustomizationById', 200, put.data);
    expect(put.data).toMatchObject({ title: 'Acme Handbook', styling: { primaryColor: { light: '#112233' } }, updatedAt: expect.any(String) });
    const read = await t.call('reader', 'GET', `${SITE}/customization`);
    expect(read.body).toEqual(put.data);
    const published = await t.call('reader', 'GET', `${SITE}/published?shareKey=${encodeURIComponent(await shareKey(t))}`);
    expect(published.body.customizations.site).toEqual(put.data);
  });

  it('refuses what the official schema refuses, naming the field, and changes nothing', async () => {
    const defaults = (await t.call('reader', 'GET', `${SITE}/customization`)).body;
    await expectRefused(t, 'PUT', `${SITE}/customization`, { ...defaults, styling: { ...defaults.styling, theme: 'neon' } }, 400, 'body.styling.theme');
    const { themes: _omitted, ...withoutThemes } = defaults;
    await expectRefused(t, 'PUT', `${SITE}/customization`, withoutThemes, 400, 'themes');
  });

  it('lets only admins change it (403), and hides it from outsiders (404)', async () => {
    const defaults = (await t.call('reader', 'GET', `${SITE}/customization`)).body;
    expect((await t.call('editor', 'PUT', `${SITE}/customization`, defaults)).status).toBe(403);
    expect((await t.call('outsider', 'GET', `${SITE}/customization`)).status).toBe(404);
  });
});

describe('site-space customization', () => {
  it('lays overrides over the site settings, resets a field with null, and DELETE removes them', async () => {
    const [org, site, ss] = [gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), gb.id('siteSpaces', 'handbook-site-space')];
    const client = gb.client('admin');
    const inherited = await client.orgs.getSiteSpaceCustomizationById(org, site, ss);
    expectOfficial('getSiteSpaceCustomizationById', 200, inherited.data);
    expect(inherited.data).toEqual((await t.call('reader', 'GET', `${SITE}/customization`)).body);
    const patched = await client.orgs.overrideSiteSpaceCustomizationById(org, site, ss, {
      title: 'Handbook',
      styling: { primaryColor: { light: '#000000', dark: '#ffffff' } },
    } as never);
    expectOfficial('overrideSiteSpaceCustomizationById', 200, patched.data);
    expect(patched.data).toMatchObject({ title: 'Handbook', styling: { primaryColor: { light: '#000000' }, theme: inherited.data.styling.theme } });
    const reset = await t.call('admin', 'PATCH', SS_CUSTOM, { title: null });
    expect(reset.body.title).toBe('Acme Docs');
    expect(reset.body.styling.primaryColor).toEqual({ light: '#000000', dark: '#ffffff' });
    expect((await t.call('admin', 'DELETE', SS_CUSTOM)).status).toBe(205);
    expect((await t.call('admin', 'GET', SS_CUSTOM)).body.styling).toEqual(inherited.data.styling);
    expect((await t.call('admin', 'DELETE', SS_CUSTOM)).status).toBe(204);
  });

  it('shows a site space override in the published site', async () => {
    await t.call('admin', 'PATCH', SS_CUSTOM, { title: 'Handbook' });
    const published = await t.call('reader', 'GET', `${SITE}/published?shareKey=${encodeURIComponent(await shareKey(t))}`);
    expect(published.body.customizations.siteSpaces[gb.id('siteSpaces', 'handbook-site-space')].title).toBe('Handbook');
  });

  it('names every site space in the published customizations, with the site settings where it overrides none', async () => {
    const published = await t.call('reader', 'GET', `${SITE}/published?shareKey=${encodeURIComponent(await shareKey(t))}`);
    const siteSpaces = (await t.call('admin', 'GET', `${SITE}/site-spaces`)).body.items as { id: string }[];
    expect(siteSpaces.length).toBeGreaterThan(0);
    expect(Object.keys(published.body.customizations.siteSpaces).sort()).toEqual(siteSpaces.map((ss) => ss.id).sort());
    for (const ss of siteSpaces) expect(published.body.customizations.siteSpaces[ss.id]).toEqual(published.body.customizations.site);
  });

  it('refuses a bad override naming the field, non-admins (403) and unknown site spaces (404)', async () => {
    await expectRefused(t, 'PATCH', SS_CUSTOM, { styling: { theme: 'neon' } }, 400, 'body.styling.theme');
    expect((await t.call('editor', 'PATCH', SS_CUSTOM, { title: 'Handbook' })).status).toBe(403);
    expect((await t.call('editor', 'DELETE', SS_CUSTOM)).status).toBe(403);
    expect((await t.call('admin', 'GET', `${SITE}/site-spaces/nope/customization`)).status).toBe(404);
  });
});

async function shareKey(t: Calls): Promise<string> {
  const links = await t.call('admin', 'GET', `${SITE}/share-links`);
  return new URL(links.body.items[0].urls.published).pathname.split('/').at(-1) ?? '';
}
