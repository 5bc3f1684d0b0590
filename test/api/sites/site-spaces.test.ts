import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';
import { expectRefused, newSite, SITE, SITES } from './helpers.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const SPACES = `${SITE}/site-spaces`;
const HANDBOOK_SS = `${SPACES}/{siteSpaces.handbook-site-space}`;

async function addApi(t: Calls, body: Record<string, unknown> = {}) {
  const res = await t.call('admin', 'POST', SPACES, { spaceId: gb.id('spaces', 'api-docs'), ...body });
  expect(res.status).toBe(201);
  return res.body;
}

describe('list site spaces', () => {
  it('lists through the official client', async () => {
    const res = await gb.client('reader').orgs.listSiteSpaces(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'));
    expectOfficial('listSiteSpaces', 200, res.data);
    expect(res.data.items.map((s) => [s.id, s.default])).toEqual([[gb.id('siteSpaces', 'handbook-site-space'), true]]);
  });

  it.each([
    ['default=true', ['handbook-site-space']],
    ['default=false', ['added']],
    ['', ['handbook-site-space', 'added']],
  ])('filters with %s', async (query, expected) => {
    const added = await addApi(t);
    const res = await t.call('reader', 'GET', `${SPACES}?${query}`);
    const ids = expected.map((k) => (k === 'added' ? added.id : gb.id('siteSpaces', k)));
    expect(res.body.items.map((s: any) => s.id)).toEqual(ids);
  });

  it('puts the share key in published URLs', async () => {
    const key = gb.manifest.shareKeys['partner-preview'];
    const res = await t.call('reader', 'GET', `${SPACES}?shareKey=${key}`);
    expect(res.body.items[0].urls.published).toContain(key);
  });
});

describe('add a space to a site', () => {
  it('adds to the default section through the official client', async () => {
    const res = await gb.client('admin').orgs.addSpaceToSite(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), { spaceId: gb.id('spaces', 'api-docs') });
    expect(res.status).toBe(201);
    expectOfficial('addSpaceToSite', 201, res.data);
    expect(res.data).toMatchObject({ section: gb.id('siteSections', 'handbook-section'), default: false, title: res.data.space.title });
  });

  it('adds to the root of a site without sections', async () => {
    const site = await newSite(t);
    const res = await t.call('admin', 'POST', `${SITES}/${site}/site-spaces`, { spaceId: gb.id('spaces', 'api-docs') });
    expect(res.body.section).toBeUndefined();
    expect(res.body.default).toBe(true);
  });

  it('adds to a given section', async () => {
    const section = await t.call('admin', 'POST', `${SITE}/sections`, { spaceId: gb.id('spaces', 'api-docs'), title: 'API' });
    const res = await t.call('admin', 'POST', SPACES, { spaceId: gb.id('spaces', 'handbook'), sectionId: section.body.id });
    expect(res.body.section).toBe(section.body.id);
  });

  it('creates a blank space for spaceId null', async () => {
    const res = await t.call('admin', 'POST', SPACES, { spaceId: null, title: 'Changelog' });
    expect(res.status).toBe(201);
    expect(res.body.space.title).toBe('Changelog');
  });

  it('refuses the same space twice in one section (409)', async () => {
    await expectRefused(t, 'POST', SPACES, { spaceId: gb.id('spaces', 'handbook') }, 409);
  });

  it.each([
    [{}, 'body.spaceId'],
    [{ spaceId: 'nope' }, 'body.spaceId'],
    [{ spaceId: 'x', sectionId: 'nope' }, 'body.sectionId'],
  ])('refuses %j naming the field', async (body, field) => {
    await expectRefused(t, 'POST', SPACES, body, 400, field);
  });
});

describe('update a site space', () => {
  it('updates path and condition through the official client', async () => {
    const res = await gb.client('admin').orgs.updateSiteSpaceById(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), gb.id('siteSpaces', 'handbook-site-space'), {
      path: 'people',
      condition: 'visitor.claims.staff === true',
    });
    expectOfficial('updateSiteSpaceById', 200, res.data);
    expect(res.data).toMatchObject({ path: 'people', condition: 'visitor.claims.staff === true' });
  });

  it('leaves the condition when omitted and removes it with null', async () => {
    await t.call('admin', 'PATCH', HANDBOOK_SS, { condition: 'visitor.claims.staff === true' });
    expect((await t.call('admin', 'PATCH', HANDBOOK_SS, { path: 'hb' })).body.condition).toBe('visitor.claims.staff === true');
    expect((await t.call('admin', 'PATCH', HANDBOOK_SS, { condition: null })).body.condition).toBeUndefined();
  });

  it('points the site space at another space', async () => {
    const res = await t.call('admin', 'PATCH', HANDBOOK_SS, { spaceId: gb.id('spaces', 'api-docs') });
    expect(res.body.space.id).toBe(gb.id('spaces', 'api-docs'));
    const sites = await t.call('admin', 'GET', `${SITES}?space=${gb.id('spaces', 'api-docs')}`);
    expect(sites.body.items).toHaveLength(1);
  });

  it.each([
    [{ path: '' }, 'body.path'],
    [{ path: 'p'.repeat(101) }, 'body.path'],
    [{ condition: 'c'.repeat(1025) }, 'body.condition'],
    [{ spaceId: 'nope' }, 'body.spaceId'],
  ])('refuses %j naming the field', async (body, field) => {
    await expectRefused(t, 'PATCH', HANDBOOK_SS, body, 400, field);
  });

  it('refuses a path a neighbour has (409)', async () => {
    const added = await addApi(t);
    await expectRefused(t, 'PATCH', HANDBOOK_SS, { path: added.path }, 409);
  });
});

describe('delete a site space', () => {
  it('deletes (205) through the official client; the next one becomes the default', async () => {
    const added = await addApi(t);
    await gb.client('admin').orgs.deleteSiteSpaceById(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), gb.id('siteSpaces', 'handbook-site-space'));
    const list = await t.call('admin', 'GET', SPACES);
    expect(list.body.items.map((s: any) => [s.id, s.default])).toEqual([[added.id, true]]);
  });

  it('refuses to delete the last site space of a section (409)', async () => {
    await expectRefused(t, 'DELETE', HANDBOOK_SS, undefined, 409);
  });

  it('answers 404 for an unknown site space', async () => {
    expect((await t.call('admin', 'DELETE', `${SPACES}/nope`)).status).toBe(404);
  });
});

describe('move a site space (deprecated)', () => {
  it('moves before another through the official client', async () => {
    const added = await addApi(t);
    const res = await gb.client('admin').orgs.moveSiteSpace(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), added.id, {
      position: { before: { type: 'site-space', siteSpace: gb.id('siteSpaces', 'handbook-site-space') } },
    });
    expectOfficial('moveSiteSpace', 200, res.data);
    const list = await t.call('admin', 'GET', SPACES);
    expect(list.body.items.map((s: any) => s.id)).toEqual([added.id, gb.id('siteSpaces', 'handbook-site-space')]);
  });

  it('keeps the default when the order changes', async () => {
    const added = await addApi(t);
    await t.call('admin', 'POST', `${HANDBOOK_SS}/move`, { position: { after: { type: 'site-space', siteSpace: added.id } } });
    const list = await t.call('admin', 'GET', SPACES);
    expect(list.body.items.map((s: any) => s.default)).toEqual([false, true]);
  });

  it('moves into another section next to the target', async () => {
    const added = await addApi(t);
    const section = await t.call('admin', 'POST', `${SITE}/sections`, { spaceId: gb.id('spaces', 'handbook'), title: 'Second' });
    const target = section.body.siteSpaces[0].id;
    const res = await t.call('admin', 'POST', `${SPACES}/${added.id}/move`, { position: { after: { type: 'site-space', siteSpace: target } } });
    expect(res.body.section).toBe(section.body.id);
  });

  it('refuses an unknown anchor', async () => {
    await expectRefused(t, 'POST', `${HANDBOOK_SS}/move`, { position: { before: { type: 'site-space', siteSpace: 'nope' } } }, 400, 'body.position.before.siteSpace');
  });

  it('refuses moving the last site space out of its section (409)', async () => {
    const section = await t.call('admin', 'POST', `${SITE}/sections`, { spaceId: gb.id('spaces', 'api-docs'), title: 'API' });
    const target = section.body.siteSpaces[0].id;
    await expectRefused(t, 'POST', `${HANDBOOK_SS}/move`, { position: { before: { type: 'site-space', siteSpace: target } } }, 409);
  });
});
