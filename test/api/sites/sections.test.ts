import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';
import { expectRefused, newSite, SITE, SITES } from './helpers.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const SECTIONS = `${SITE}/sections`;
const HANDBOOK = `${SECTIONS}/{siteSections.handbook-section}`;

async function addApiSection(t: Calls) {
  const res = await t.call('admin', 'POST', SECTIONS, { spaceId: gb.id('spaces', 'api-docs'), title: 'API' });
  expect(res.status).toBe(201);
  return res.body;
}

async function titles(t: Calls) {
  return (await t.call('admin', 'GET', SECTIONS)).body.items.map((s: any) => s.title);
}

describe('list sections', () => {
  it('lists sections through the official client', async () => {
    const res = await gb.client('reader').orgs.listSiteSections(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'));
    expectOfficial('listSiteSections', 200, res.data);
    expect(res.data.items.map((s) => [s.id, s.default])).toEqual([[gb.id('siteSections', 'handbook-section'), true]]);
  });

  it('pages through sections', async () => {
    await addApiSection(t);
    const first = await t.call('reader', 'GET', `${SECTIONS}?limit=1`);
    expect(first.body.items.map((s: any) => s.title)).toEqual(['Handbook']);
    const second = await t.call('reader', 'GET', `${SECTIONS}?limit=1&page=${first.body.next.page}`);
    expect(second.body.items.map((s: any) => s.title)).toEqual(['API']);
    expect(second.body.next).toBeUndefined();
  });

  it('puts the share key in published URLs', async () => {
    const key = gb.manifest.shareKeys['partner-preview'];
    const res = await t.call('reader', 'GET', `${SECTIONS}?shareKey=${key}`);
    expect(res.body.items[0].urls.published).toContain(key);
  });

  it('refuses an unknown share key', async () => {
    expect((await t.call('reader', 'GET', `${SECTIONS}?shareKey=nope`)).status).toBe(400);
  });
});

describe('add a section', () => {
  it('adds a section whose space becomes its site space, through the official client', async () => {
    const res = await gb.client('admin').orgs.addSectionToSite(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), {
      spaceId: gb.id('spaces', 'api-docs'),
      title: 'API reference',
      icon: 'code',
    });
    expect(res.status).toBe(201);
    expectOfficial('addSectionToSite', 201, res.data);
    expect(res.data).toMatchObject({ title: 'API reference', icon: 'code', default: false, path: 'api-reference' });
    expect(res.data.siteSpaces.map((s) => [s.space.id, s.default])).toEqual([[gb.id('spaces', 'api-docs'), true]]);
    expect((await t.call('admin', 'GET', SITE)).body.siteSpaces).toBe(2);
  });

  it('gathers root site spaces into a first section when sections start', async () => {
    const site = await newSite(t, ['handbook']);
    await t.call('admin', 'POST', `${SITES}/${site}/sections`, { spaceId: gb.id('spaces', 'api-docs'), title: 'API' });
    const list = await t.call('admin', 'GET', `${SITES}/${site}/sections`);
    expect(list.body.items.map((s: any) => [s.title, s.default, s.siteSpaces.length])).toEqual([
      ['Second site', true, 1],
      ['API', false, 1],
    ]);
  });

  it.each([
    [{}, 'body.spaceId'],
    [{ spaceId: 'nope' }, 'body.spaceId'],
    [{ spaceId: '{spaces.api-docs}', title: 'x' }, 'body.title'],
    [{ spaceId: '{spaces.api-docs}', icon: 'i'.repeat(51) }, 'body.icon'],
  ])('refuses %j naming the field', async (body, field) => {
    const resolved = JSON.parse(t.path(JSON.stringify(body)));
    await expectRefused(t, 'POST', SECTIONS, resolved, 400, field);
  });
});

describe('update a section', () => {
  it('updates fields through the official client', async () => {
    const res = await gb.client('admin').orgs.updateSiteSectionById(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), gb.id('siteSections', 'handbook-section'), {
      title: 'People',
      path: 'people',
      description: 'How we work',
      condition: 'visitor.claims.staff === true',
    });
    expectOfficial('updateSiteSectionById', 200, res.data);
    expect(res.data).toMatchObject({ title: 'People', path: 'people', description: 'How we work', condition: 'visitor.claims.staff === true' });
  });

  it('leaves the condition when omitted and removes it with null', async () => {
    await t.call('admin', 'PATCH', HANDBOOK, { condition: 'visitor.claims.staff === true' });
    const kept = await t.call('admin', 'PATCH', HANDBOOK, { title: 'Handbook v2' });
    expect(kept.body.condition).toBe('visitor.claims.staff === true');
    const removed = await t.call('admin', 'PATCH', HANDBOOK, { condition: null });
    expect(removed.body.condition).toBeUndefined();
  });

  it('removes icon and description with null', async () => {
    await t.call('admin', 'PATCH', HANDBOOK, { icon: 'book', description: 'About us' });
    const res = await t.call('admin', 'PATCH', HANDBOOK, { icon: null, description: null });
    expect(res.body.icon).toBeUndefined();
    expect(res.body.description).toBeUndefined();
  });

  it('sets the default site space of the section', async () => {
    const added = await t.call('admin', 'POST', `${SITE}/site-spaces`, { spaceId: gb.id('spaces', 'api-docs') });
    const res = await t.call('admin', 'PATCH', HANDBOOK, { defaultSiteSpace: added.body.id });
    expect(res.body.siteSpaces.map((s: any) => [s.id, s.default])).toEqual([
      [gb.id('siteSpaces', 'handbook-site-space'), false],
      [added.body.id, true],
    ]);
  });

  it('refuses a default site space of another section', async () => {
    const api = await addApiSection(t);
    await expectRefused(t, 'PATCH', HANDBOOK, { defaultSiteSpace: api.siteSpaces[0].id }, 400, 'body.defaultSiteSpace');
  });

  it('refuses a path another section has (409)', async () => {
    await addApiSection(t);
    await expectRefused(t, 'PATCH', HANDBOOK, { path: 'api' }, 409);
  });

  it.each([
    [{ title: 'x' }, 'body.title'],
    [{ title: 'x'.repeat(129) }, 'body.title'],
    [{ path: '' }, 'body.path'],
    [{ path: 'p'.repeat(101) }, 'body.path'],
    [{ description: 'd'.repeat(257) }, 'body.description'],
    [{ condition: 'c'.repeat(1025) }, 'body.condition'],
    [{ icon: 'i'.repeat(51) }, 'body.icon'],
  ])('refuses %j naming the field', async (body, field) => {
    await expectRefused(t, 'PATCH', HANDBOOK, body, 400, field);
  });

  it('answers 404 for a section of another site', async () => {
    const other = await newSite(t, ['api-docs']);
    expect((await t.call('admin', 'PATCH', `${SITES}/${other}/sections/{siteSections.handbook-section}`, { title: 'Nope' })).status).toBe(404);
  });
});

describe('delete a section', () => {
  it('removes the section and its site spaces (205), through the official client', async () => {
    const api = await addApiSection(t);
    await gb.client('admin').orgs.deleteSiteSectionById(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), api.id);
    expect(await titles(t)).toEqual(['Handbook']);
    expect((await t.call('admin', 'GET', SITE)).body.siteSpaces).toBe(1);
  });

  it('makes the next section the default when the default one is deleted', async () => {
    const api = await addApiSection(t);
    await t.call('admin', 'DELETE', HANDBOOK);
    const list = await t.call('admin', 'GET', SECTIONS);
    expect(list.body.items.map((s: any) => [s.id, s.default])).toEqual([[api.id, true]]);
  });

  it('refuses readers', async () => {
    expect((await t.call('reader', 'DELETE', HANDBOOK)).status).toBe(403);
  });
});

describe('move a section (deprecated)', () => {
  const pointer = (id: string) => ({ type: 'site-section', siteSection: id });

  it('moves before another section through the official client', async () => {
    const api = await addApiSection(t);
    const res = await gb.client('admin').orgs.moveSiteSection(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), api.id, {
      position: { before: pointer(gb.id('siteSections', 'handbook-section')) as any },
    });
    expectOfficial('moveSiteSection', 200, res.data);
    expect(await titles(t)).toEqual(['API', 'Handbook']);
  });

  it('moves after another section', async () => {
    await addApiSection(t);
    await t.call('admin', 'POST', `${HANDBOOK}/move`, { position: { after: pointer((await t.call('admin', 'GET', SECTIONS)).body.items[1].id) } });
    expect(await titles(t)).toEqual(['API', 'Handbook']);
  });

  it('keeps the default section when the order changes', async () => {
    const api = await addApiSection(t);
    await t.call('admin', 'POST', `${SECTIONS}/${api.id}/move`, { position: { before: pointer(gb.id('siteSections', 'handbook-section')) } });
    const list = await t.call('admin', 'GET', SECTIONS);
    expect(list.body.items.map((s: any) => s.default)).toEqual([false, true]);
  });

  it.each([
    [{ position: { before: { type: 'site-section', siteSection: 'nope' } } }, 'body.position.before.siteSection'],
    [{ position: { before: { type: 'site-space', siteSection: 'x' } } }, 'body.position.before.type'],
    [{ position: { before: { type: 'site-section', siteSection: '{siteSections.handbook-section}' } } }, 'body.position.before.siteSection'],
  ])('refuses %j naming the field', async (body, field) => {
    await expectRefused(t, 'POST', `${HANDBOOK}/move`, JSON.parse(t.path(JSON.stringify(body))), 400, field);
  });
});
