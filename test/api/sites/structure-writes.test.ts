/**
 * Writes to a site's structure and redirects made through the official operations that act on
 * many things at once: duplicateSiteSpace, sortSiteStructure and bulkUpsertSiteRedirects. Each
 * writes, then reads back where the service shows the change.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';
import { SITE, expectRefused } from './helpers.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

async function structure(t: Calls) {
  const res = await t.call('reader', 'GET', `${SITE}/structure`);
  expect(res.status).toBe(200);
  return res.body.structure as any[];
}

const ids = (items: { id: string }[]) => items.map((i) => i.id);

describe('duplicateSiteSpace', () => {
  it('makes a site space holding a copy of the space, right after the original, kept in the structure', async () => {
    const ss = gb.id('siteSpaces', 'handbook-site-space');
    const original = (await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}')).body;
    const res = await t.call('admin', 'POST', `${SITE}/site-spaces/${ss}/duplicate`, { draft: true });
    expect(res.status).toBe(201);
    expectOfficial('duplicateSiteSpace', 201, res.body);
    expect(res.body).toMatchObject({ object: 'site-space', draft: true, section: gb.id('siteSections', 'handbook-section'), title: `${original.title} (copy)` });
    expect(res.body.id).not.toBe(ss);
    expect(res.body.space.id).not.toBe(gb.id('spaces', 'handbook'));

    const section = (await structure(t)).find((i) => i.id === gb.id('siteSections', 'handbook-section'));
    expect(ids(section.siteSpaces)).toEqual([ss, res.body.id]);
    // The copy is a real space, with the original's pages.
    const [copyPages, pages] = await Promise.all([
      t.call('admin', 'GET', `/v1/spaces/${res.body.space.id}/content`),
      t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}/content'),
    ]);
    expect(copyPages.status).toBe(200);
    expect(copyPages.body.pages.map((p: any) => p.title)).toEqual(pages.body.pages.map((p: any) => p.title));
  });

  it('is for admins (403), hidden from outsiders (404), and 404 for a site space of no site', async () => {
    const path = `${SITE}/site-spaces/{siteSpaces.handbook-site-space}/duplicate`;
    expect((await t.call('editor', 'POST', path, {})).status).toBe(403);
    expect((await t.call('outsider', 'POST', path, {})).status).toBe(404);
    await expectRefused(t, 'POST', `${SITE}/site-spaces/nope/duplicate`, {}, 404);
  });

  it('has nothing to copy once the space is deleted (409)', async () => {
    expect((await t.call('admin', 'DELETE', '/v1/spaces/{spaces.handbook}')).status).toBeLessThan(300);
    await expectRefused(t, 'POST', `${SITE}/site-spaces/{siteSpaces.handbook-site-space}/duplicate`, {}, 409);
  });
});

describe('sortSiteStructure', () => {
  it('moves a section before another and the structure keeps the order', async () => {
    const added = await t.call('admin', 'POST', `${SITE}/sections`, { spaceId: null, title: 'Guides' });
    expect(added.status).toBe(201);
    const handbook = gb.id('siteSections', 'handbook-section');
    expect(ids(await structure(t))).toEqual([handbook, added.body.id]);

    const api = gb.client('admin');
    const moved = await api.orgs.sortSiteStructure(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), {
      item: { type: 'site-section', id: added.body.id },
      position: { before: { type: 'site-section', id: handbook } },
    });
    expectOfficial('sortSiteStructure', 200, moved.data);
    expect(moved.data).toMatchObject({ object: 'site-section', id: added.body.id, title: 'Guides' });
    expect(ids(await structure(t))).toEqual([added.body.id, handbook]);
  });

  it('moves a section into a group by naming a section of it, and a site space among its neighbours', async () => {
    const group = await t.call('admin', 'POST', `${SITE}/section-groups`, { title: 'Reference' });
    const inside = await t.call('admin', 'POST', `${SITE}/sections`, { spaceId: null, title: 'API', siteSectionGroupId: group.body.id });
    expect(inside.status).toBe(201);
    const handbook = gb.id('siteSections', 'handbook-section');
    const res = await t.call('admin', 'PATCH', `${SITE}/structure/sort`, {
      item: { type: 'site-section', id: handbook },
      position: { after: { type: 'site-section', id: inside.body.id } },
    });
    expect(res.status).toBe(200);
    expect(res.body.sectionGroup).toBe(group.body.id);
    const shown = (await structure(t)).find((i) => i.id === group.body.id);
    expect(ids(shown.children)).toEqual([inside.body.id, handbook]);

    const ss = gb.id('siteSpaces', 'handbook-site-space');
    const copy = await t.call('admin', 'POST', `${SITE}/site-spaces/${ss}/duplicate`, {});
    const back = await t.call('admin', 'PATCH', `${SITE}/structure/sort`, { item: { type: 'site-space', id: copy.body.id }, position: { before: { type: 'site-space', id: ss } } });
    expect(back.status).toBe(200);
    expectOfficial('sortSiteStructure', 200, back.body);
    const section = (await structure(t)).find((i) => i.id === group.body.id).children.find((i: any) => i.id === handbook);
    expect(ids(section.siteSpaces)).toEqual([copy.body.id, ss]);
  });

  it('orders external links among themselves', async () => {
    const a = await t.call('admin', 'POST', `${SITE}/external-links`, { title: 'Status', url: 'https://status.acme.test' });
    const b = await t.call('admin', 'POST', `${SITE}/external-links`, { title: 'Blog', url: 'https://blog.acme.test' });
    const res = await t.call('admin', 'PATCH', `${SITE}/structure/sort`, { item: { type: 'site-external-link', id: b.body.id }, position: { before: { type: 'site-external-link', id: a.body.id } } });
    expect(res.status).toBe(200);
    expectOfficial('sortSiteStructure', 200, res.body);
    expect(ids((await structure(t)).slice(-2))).toEqual([b.body.id, a.body.id]);
  });

  it('refuses a pointer naming nothing of the site or an item of another kind (400), non-admins (403), and changes nothing', async () => {
    const handbook = gb.id('siteSections', 'handbook-section');
    const path = `${SITE}/structure/sort`;
    await expectRefused(t, 'PATCH', path, { item: { type: 'site-section', id: 'nope' }, position: {} }, 400, 'body.item.id');
    await expectRefused(t, 'PATCH', path, { item: { type: 'site-section', id: handbook }, position: { before: { type: 'site-space', id: gb.id('siteSpaces', 'handbook-site-space') } } }, 400, 'body.position.before');
    await expectRefused(t, 'PATCH', path, { item: { type: 'site-section', id: handbook } }, 400, 'position');
    expect((await t.call('editor', 'PATCH', path, { item: { type: 'site-section', id: handbook }, position: {} })).status).toBe(403);
  });
});

describe('bulkUpsertSiteRedirects', () => {
  const REDIRECTS = `${SITE}/redirects`;

  it('creates, updates, deletes and publishes by source, and the redirects list shows it', async () => {
    const ss = gb.id('siteSpaces', 'handbook-site-space');
    const res = await t.call('admin', 'PUT', REDIRECTS, {
      redirects: [
        { source: '/old-handbook/*', destination: null },
        { source: '/start', destination: { kind: 'site-space', siteSpaceId: ss } },
        { source: '/soon', intent: 'draft', destination: { kind: 'external', url: 'https://acme.test/soon' } },
        { source: '/broken', destination: { kind: 'site-space', siteSpaceId: 'nope' } },
      ],
    });
    expect(res.status).toBe(200);
    expectOfficial('bulkUpsertSiteRedirects', 200, res.body);
    const [deleted, created, draft, broken] = res.body.results;
    expect(deleted).toEqual({ status: 'deleted', source: '/old-handbook/*', draft: false });
    expect(created).toMatchObject({ status: 'created', source: '/start', draft: false });
    expect(draft).toMatchObject({ status: 'created', source: '/soon', draft: true });
    expect(broken).toMatchObject({ status: 'error', source: '/broken', draft: false });
    expect(broken.error).toContain('nope');

    const live = (await t.call('reader', 'GET', REDIRECTS)).body.items;
    expect(live.map((r: any) => r.source)).toEqual(['/start']);
    expect(live[0]).toMatchObject({ id: created.id, destination: { kind: 'site-space', siteSpaceId: ss } });

    const next = await t.call('admin', 'PUT', REDIRECTS, {
      redirects: [
        { source: '/soon', intent: 'publish' },
        { source: '/start', destination: { kind: 'external', url: 'https://acme.test/start' }, permanent: true },
      ],
    });
    expect(next.body.results).toEqual([
      { status: 'published', source: '/soon', draft: false, id: draft.id },
      { status: 'updated', source: '/start', draft: false, id: created.id },
    ]);
    const shown = (await t.call('reader', 'GET', REDIRECTS)).body.items;
    expect(shown.map((r: any) => r.source).sort()).toEqual(['/soon', '/start']);
    expect(shown.find((r: any) => r.id === created.id)).toMatchObject({ permanent: true, destination: { kind: 'external', url: 'https://acme.test/start' } });
    const found = await t.call('reader', 'GET', `${SITE}/redirect?source=/start`);
    expect(found.body.target).toBe('https://acme.test/start');
  });

  it('is for admins (403), hidden from outsiders (404), and a body the official document refuses is a 400', async () => {
    const body = { redirects: [{ source: '/x', destination: null }] };
    expect((await t.call('editor', 'PUT', REDIRECTS, body)).status).toBe(403);
    expect((await t.call('outsider', 'PUT', REDIRECTS, body)).status).toBe(404);
    await expectRefused(t, 'PUT', REDIRECTS, { redirects: [] }, 400, 'redirects');
  });
});
