import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';
import { expectRefused, SITE } from './helpers.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const LINKS = `${SITE}/share-links`;

describe('share links', () => {
  it('lists the links of the site through the official client', async () => {
    const res = await gb.client('reader').orgs.listSiteShareLinks(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'));
    expectOfficial('listSiteShareLinks', 200, res.data);
    expect(res.data.items.map((l) => [l.id, l.name, l.active])).toEqual([[gb.id('shareLinks', 'partner-preview'), 'Partner preview', true]]);
    expect(res.data.items[0].urls.published).toContain(gb.manifest.shareKeys['partner-preview']);
  });

  it('creates an active link through the official client', async () => {
    const res = await gb.client('admin').orgs.createSiteShareLink(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), { name: 'Auditors' });
    expect(res.status).toBe(201);
    expectOfficial('createSiteShareLink', 201, res.data);
    expect(res.data).toMatchObject({ name: 'Auditors', active: true });
  });

  it('renames and deactivates through the official client', async () => {
    const res = await gb.client('admin').orgs.updateSiteShareLinkById(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), gb.id('shareLinks', 'partner-preview'), {
      name: 'Old partner',
      active: false,
    });
    expectOfficial('updateSiteShareLinkById', 200, res.data);
    expect(res.data).toMatchObject({ name: 'Old partner', active: false });
  });

  it('round-trips deactivate and reactivate, changing what the key resolves', async () => {
    const key = gb.manifest.shareKeys['partner-preview'];
    const published = () => t.call('reader', 'GET', `${SITE}/published?shareKey=${key}`);
    expect((await published()).status).toBe(200);
    await t.call('admin', 'PATCH', `${LINKS}/{shareLinks.partner-preview}`, { active: false });
    expect((await published()).status).toBe(400);
    const back = await t.call('admin', 'PATCH', `${LINKS}/{shareLinks.partner-preview}`, { active: true });
    expect(back.body.active).toBe(true);
    expect((await published()).status).toBe(200);
  });

  it('deletes a link (205), after which its key no longer resolves', async () => {
    await gb.client('admin').orgs.deleteSiteShareLinkById(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), gb.id('shareLinks', 'partner-preview'));
    expect((await t.call('admin', 'GET', LINKS)).body.items).toEqual([]);
    const res = await t.call('reader', 'GET', `${SITE}/published?shareKey=${gb.manifest.shareKeys['partner-preview']}`);
    expect(res.status).toBe(400);
  });

  it.each([
    ['POST', LINKS, { name: 'n'.repeat(51) }, 'body.name'],
    ['POST', LINKS, {}, 'body.name'],
    ['PATCH', `${LINKS}/{shareLinks.partner-preview}`, { name: 'n'.repeat(51) }, 'body.name'],
    ['PATCH', `${LINKS}/{shareLinks.partner-preview}`, { active: 'yes' }, 'body.active'],
  ])('%s %s refuses %j', async (method, path, body, field) => {
    await expectRefused(t, method, path, body, 400, field);
  });

  it('answers 404 for an unknown link', async () => {
    expect((await t.call('admin', 'PATCH', `${LINKS}/nope`, { active: false })).status).toBe(404);
  });

  it.each(['creator', 'editor', 'reader'])('refuses changes by %s', async (user) => {
    expect((await t.call(user, 'POST', LINKS, { name: 'Mine' })).status).toBe(403);
  });
});
