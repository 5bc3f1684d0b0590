/**
 * Publishing a site: publish and unpublish change what the site reads back, the preview URL
 * names the site space, and the publishing auth keeps what is written and its key changes only
 * when regenerated.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';
import { SITE, expectRefused } from './helpers.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

describe('publishSite and unpublishSite', () => {
  it('unpublish answers the site itself, unpublished, and the next read agrees; publish brings it back', async () => {
    const before = (await t.call('admin', 'GET', SITE)).body;
    const off = await t.call('admin', 'POST', `${SITE}/unpublish`);
    expect(off.status).toBe(200);
    expectOfficial('unpublishSite', 200, off.body);
    expect(off.body).toMatchObject({ id: before.id, title: 'Acme Docs', visibility: 'share-link', published: false });
    expect(off.body.urls.published).toBeUndefined();
    expect((await t.call('reader', 'GET', SITE)).body.published).toBe(false);

    const api = gb.client('admin');
    const on = await api.orgs.publishSite(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'));
    expectOfficial('publishSite', 200, on.data);
    expect(on.data).toMatchObject({ id: before.id, title: 'Acme Docs', published: true, urls: { published: before.urls.published } });
    expect((await t.call('admin', 'GET', SITE)).body).toEqual({ ...before, published: true });
  });

  it('are for admins (403), hidden from outsiders (404), and change nothing when refused', async () => {
    for (const [user, status] of [['editor', 403], ['reader', 403], ['outsider', 404]] as const) {
      const res = await t.call(user, 'POST', `${SITE}/unpublish`);
      expect(res.status).toBe(status);
    }
    expect((await t.call('admin', 'GET', SITE)).body.published).toBe(true);
    expect((await t.call('admin', 'POST', '/v1/orgs/{organizations.acme}/sites/nope/publish')).status).toBe(404);
  });
});

describe('getSitePublishingPreviewById', () => {
  it('names the default site space, or the one asked for, under the site preview URL', async () => {
    const site = (await t.call('reader', 'GET', SITE)).body;
    const ss = gb.id('siteSpaces', 'handbook-site-space');
    const res = await t.call('reader', 'GET', `${SITE}/publishing/preview`);
    expect(res.status).toBe(200);
    expectOfficial('getSitePublishingPreviewById', 200, res.body);
    expect(res.body.url).toBe(`${site.urls.preview}?siteSpace=${ss}`);
    const draft = await t.call('reader', 'GET', `${SITE}/publishing/preview?siteSpace=${ss}&draft=false`);
    expect(draft.body.url).toBe(`${site.urls.preview}?siteSpace=${ss}&draft=false`);
    const bad = await t.call('reader', 'GET', `${SITE}/publishing/preview?siteSpace=nope`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('query.siteSpace');
  });
});

describe('site publishing auth', () => {
  const AUTH = `${SITE}/publishing/auth`;

  it('keeps what is written; its private key stays until regenerated', async () => {
    const first = await t.call('reader', 'GET', AUTH);
    expect(first.status).toBe(200);
    expectOfficial('getSitePublishingAuthById', 200, first.body);
    expect(first.body).toEqual({ object: 'publishing-auth', backend: 'custom', privateKey: first.body.privateKey });

    const written = await t.call('admin', 'PATCH', AUTH, { backend: 'custom', fallbackURL: 'https://acme.test/login', logoutURL: 'https://acme.test/logout' });
    expect(written.status).toBe(200);
    expectOfficial('updateSitePublishingAuthById', 200, written.body);
    expect(written.body).toEqual({ ...first.body, fallbackURL: 'https://acme.test/login', logoutURL: 'https://acme.test/logout' });
    expect((await t.call('reader', 'GET', AUTH)).body).toEqual(written.body);

    const cleared = await t.call('admin', 'PATCH', AUTH, { backend: 'custom', logoutURL: null });
    expect(cleared.body).toEqual({ ...first.body, fallbackURL: 'https://acme.test/login' });

    const fresh = await t.call('admin', 'POST', `${AUTH}/regenerate`);
    expect(fresh.status).toBe(200);
    expectOfficial('regenerateSitePublishingAuthById', 200, fresh.body);
    expect(fresh.body.privateKey).not.toBe(first.body.privateKey);
    expect(fresh.body.fallbackURL).toBe('https://acme.test/login');
    expect((await t.call('reader', 'GET', AUTH)).body).toEqual(fresh.body);
  });

  it('is written by admins only, and a body the official document refuses is a 400', async () => {
    await expectRefused(t, 'PATCH', AUTH, { backend: 'elsewhere' }, 400, 'body');
    expect((await t.call('editor', 'PATCH', AUTH, { backend: 'custom' })).status).toBe(403);
    expect((await t.call('editor', 'POST', `${AUTH}/regenerate`)).status).toBe(403);
    expect((await t.call('outsider', 'GET', AUTH)).status).toBe(404);
  });
});
