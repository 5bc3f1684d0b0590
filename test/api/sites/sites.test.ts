import type { SiteVisibility } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';
import { expectRefused, newSite, SITE, SITES } from './helpers.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

describe('list sites', () => {
  it('lists the sites of the organization through the official client', async () => {
    const res = await gb.client('reader').orgs.listSites(gb.id('organizations', 'acme'));
    expectOfficial('listSites', 200, res.data);
    expect(res.data.items.map((s) => s.id)).toEqual([gb.id('sites', 'docs-site')]);
    expect(res.data.items[0].siteSpaces).toBe(1);
  });

  it.each([
    ['space={spaces.handbook}', 1],
    ['space={spaces.api-docs}', 0],
    ['title=acme', 1],
    ['title=nothing-like-it', 0],
    ['published=true', 1],
    ['published=false', 0],
  ])('filters by %s', async (query, count) => {
    const res = await t.call('reader', 'GET', `${SITES}?${query}`);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(count);
  });

  it.each(['limit=1001', 'limit=-1', 'published=maybe', 'type=gold'])('refuses the query %s naming it', async (query) => {
    const res = await t.call('reader', 'GET', `${SITES}?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(`query.${query.split('=')[0]}`);
  });

  it('hides the organization from a user outside it', async () => {
    expect((await t.call('outsider', 'GET', SITES)).status).toBe(404);
  });
});

describe('create a site', () => {
  it('creates an unpublished basic site with the given spaces through the official client', async () => {
    const res = await gb.client('admin').orgs.createSite(gb.id('organizations', 'acme'), {
      title: 'API portal',
      visibility: 'unlisted' as SiteVisibility,
      spaces: [gb.id('spaces', 'api-docs')],
    });
    expect(res.status).toBe(201);
    expectOfficial('createSite', 201, res.data);
    expect(res.data).toMatchObject({ title: 'API portal', type: 'basic', visibility: 'unlisted', published: false, siteSpaces: 1 });
    const spaces = await t.call('admin', 'GET', `${SITES}/${res.data.id}/site-spaces`);
    expect(spaces.body.items.map((s: any) => [s.space.id, s.default])).toEqual([[gb.id('spaces', 'api-docs'), true]]);
  });

  it('creates a new space for the site when spaces is "new"', async () => {
    const res = await t.call('admin', 'POST', SITES, { title: 'Fresh', spaces: 'new' });
    expect(res.status).toBe(201);
    const spaces = await t.call('admin', 'GET', `${SITES}/${res.body.id}/site-spaces`);
    expect(spaces.body.items).toHaveLength(1);
    expect(spaces.body.items[0].space.title).toBe('Fresh');
    expect([gb.id('spaces', 'handbook'), gb.id('spaces', 'api-docs')]).not.toContain(spaces.body.items[0].space.id);
  });

  it('refuses a space of another organization, naming it', async () => {
    await expectRefused(t, 'POST', '/v1/orgs/{organizations.globex}/sites', { title: 'X site', spaces: [gb.id('spaces', 'handbook')] }, 400, 'body.spaces[0]');
  });

  it.each([
    [{ title: 'x' }, 'body.title'],
    [{ title: 'x'.repeat(129) }, 'body.title'],
    [{ type: 'gold' }, 'body.type'],
    [{ visibility: 'secret' }, 'body.visibility'],
    [{ spaces: 'old' }, 'body.spaces'],
  ])('refuses %j naming the field', async (body, field) => {
    await expectRefused(t, 'POST', SITES, body, 400, field);
  });

  it('needs the admin role', async () => {
    expect((await t.call('creator', 'POST', SITES, { title: 'Mine' })).status).toBe(403);
  });

  it('answers with the Location of the new site', async () => {
    const res = await t.call('admin', 'POST', SITES, { title: 'Located' });
    expect(res.headers.get('location')).toBe(res.body.urls.location);
  });
});

describe('get a site', () => {
  it('serves the official Site through the official client', async () => {
    const res = await gb.client('reader').orgs.getSiteById(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'));
    expectOfficial('getSiteById', 200, res.data);
    expect(res.data).toMatchObject({ title: 'Acme Docs', visibility: 'share-link', published: true });
    expect(res.data.permissions).toMatchObject({ view: true, admin: false, edit: false });
  });

  it('answers 404 for an unknown site', async () => {
    expect((await t.call('reader', 'GET', `${SITES}/nope`)).status).toBe(404);
  });

  it('answers 404 for a site of another organization', async () => {
    expect((await t.call('admin', 'GET', '/v1/orgs/{organizations.globex}/sites/{sites.docs-site}')).status).toBe(404);
  });
});

describe('update a site', () => {
  it('updates settings through the official client', async () => {
    const res = await gb.client('admin').orgs.updateSiteById(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), {
      title: 'Acme Handbook',
      basename: 'handbook',
      adaptiveContent: { enabled: true },
    });
    expectOfficial('updateSiteById', 200, res.data);
    expect(res.data).toMatchObject({ title: 'Acme Handbook', basename: 'handbook', adaptiveContent: { enabled: true } });
    expect(res.data.urls.published).toMatch(/\/handbook$/);
  });

  it('sets agentsContext', async () => {
    const res = await t.call('admin', 'PATCH', SITE, { agentsContext: 'excluded' });
    expect(res.body.agentsContext).toBe('excluded');
  });

  it('sets a proxy, which moves the published URL, and removes it with null', async () => {
    const set = await t.call('admin', 'PATCH', SITE, { proxy: 'acme.com/docs' });
    expect(set.body.proxy.origin).toBe('acme.com/docs');
    expect(set.body.urls.published).toBe('https://acme.com/docs');
    expectOfficial('updateSiteById', 200, set.body);
    const removed = await t.call('admin', 'PATCH', SITE, { proxy: null });
    expect(removed.body.proxy).toBeUndefined();
  });

  it.each([
    [{ title: 'x' }, 'body.title'],
    [{ basename: '' }, 'body.basename'],
    [{ basename: 'b'.repeat(101) }, 'body.basename'],
    [{ proxy: 'not a url' }, 'body.proxy'],
    [{ proxy: `acme.com/${'d'.repeat(510)}` }, 'body.proxy'],
    [{ agentsContext: 'maybe' }, 'body.agentsContext'],
    [{ adaptiveContent: {} }, 'body.adaptiveContent.enabled'],
    [{ defaultSiteSection: 'nope' }, 'body.defaultSiteSection'],
    [{ defaultSiteSpace: 'nope' }, 'body.defaultSiteSpace'],
  ])('refuses %j naming the field, changing nothing', async (body, field) => {
    await expectRefused(t, 'PATCH', SITE, body, 400, field);
  });

  it('refuses a section of another site as defaultSiteSection', async () => {
    const other = await newSite(t, ['api-docs']);
    const section = await t.call('admin', 'POST', `${SITES}/${other}/sections`, { spaceId: gb.id('spaces', 'handbook') });
    await expectRefused(t, 'PATCH', SITE, { defaultSiteSection: section.body.id }, 400, 'body.defaultSiteSection');
  });

  it('makes a site space of the default section its default', async () => {
    const added = await t.call('admin', 'POST', `${SITE}/site-spaces`, { spaceId: gb.id('spaces', 'api-docs') });
    expect(added.body.default).toBe(false);
    await t.call('admin', 'PATCH', SITE, { defaultSiteSpace: added.body.id });
    const defaults = await t.call('admin', 'GET', `${SITE}/site-spaces?default=true`);
    expect(defaults.body.items.map((s: any) => s.id)).toEqual([added.body.id]);
  });

  it('makes a root site space the default of a site without sections', async () => {
    const site = await newSite(t, ['handbook', 'api-docs']);
    const list = await t.call('admin', 'GET', `${SITES}/${site}/site-spaces`);
    const second = list.body.items[1].id;
    await t.call('admin', 'PATCH', `${SITES}/${site}`, { defaultSiteSpace: second });
    const defaults = await t.call('admin', 'GET', `${SITES}/${site}/site-spaces?default=true`);
    expect(defaults.body.items.map((s: any) => s.id)).toEqual([second]);
  });

  it.each([
    ['admin', 200],
    ['creator', 403],
    ['editor', 403],
    ['reviewer', 403],
    ['commenter', 403],
    ['reader', 403],
    ['outsider', 404],
  ])('as %s answers %i', async (user, status) => {
    expect((await t.call(user, 'PATCH', SITE, { title: 'Renamed' })).status).toBe(status);
  });
});

describe('delete a site', () => {
  it('answers 205 and removes the site and everything under it', async () => {
    await gb.client('admin').orgs.deleteSiteById(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'));
    expect((await t.call('admin', 'GET', SITE)).status).toBe(404);
    const s = (await t.admin('GET', '/__admin/state')).body;
    const site = gb.id('sites', 'docs-site');
    for (const c of ['siteSections', 'siteSpaces', 'siteSectionGroups', 'shareLinks']) {
      expect(s[c].filter((r: any) => r.site === site)).toEqual([]);
    }
  });

  it('answers 205 with no body', async () => {
    const res = await t.call('admin', 'DELETE', SITE);
    expect(res.status).toBe(205);
    expect(res.body).toBe('');
  });

  it('needs the admin role', async () => {
    expect((await t.call('creator', 'DELETE', SITE)).status).toBe(403);
  });
});
