/**
 * Published URL lookups (getPublishedContentByUrl, resolvePublishedContentByUrl), as GitBook's
 * renderer makes them: without a token, for the URL a visitor opened; then it renders with the
 * apiToken the answer carries.
 */
import { describe, expect, it } from 'vitest';
import { GitBookAPI } from '@gitbook/api';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const SITE = '/v1/orgs/{organizations.acme}/sites/{sites.docs-site}';

/** The official client with no token (as the renderer calls the lookup before it has one). */
function anonymous(t: Calls): GitBookAPI {
  return new GitBookAPI({ endpoint: gb.url, serviceBinding: { fetch: gb.fetch } });
}

/** docs-site's URL through its share link, as the share link's `urls.published` gives it. */
async function shareUrl(t: Calls): Promise<string> {
  const links = await t.call('admin', 'GET', `${SITE}/share-links`);
  return links.body.items[0].urls.published;
}

function jwtPayload(token: string): any {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

describe('published URL lookups', () => {
  it('resolve a share link URL with a page path to its site, section, site space, space and page path, with no token', async () => {
    const url = `${await shareUrl(t)}/policies/expenses`;
    const { data } = await anonymous(t).urls.resolvePublishedContentByUrl({ url });
    expectOfficial('resolvePublishedContentByUrl', 200, data);
    const key = gb.manifest.shareKeys['partner-preview'];
    const siteId = gb.id('sites', 'docs-site');
    expect(data).toMatchObject({
      site: siteId,
      siteSection: gb.id('siteSections', 'handbook-section'),
      siteSpace: gb.id('siteSpaces', 'handbook-site-space'),
      space: gb.id('spaces', 'handbook'),
      organization: gb.id('organizations', 'acme'),
      shareKey: key,
      pathname: 'policies/expenses',
      basePath: `/${siteId}/${key}/`,
      siteBasePath: `/${siteId}/${key}/`,
      complete: true,
      canonicalUrl: url,
    });
  });

  it('consume a section and a site space named by their paths into basePath', async () => {
    const key = gb.manifest.shareKeys['partner-preview'];
    const siteId = gb.id('sites', 'docs-site');
    const res = await t.call(null, 'GET', `/v1/urls/published?url=${encodeURIComponent(`${await shareUrl(t)}/handbook/handbook/welcome`)}`);
    expect(res.status).toBe(200);
    expectOfficial('getPublishedContentByUrl', 200, res.body);
    expect(res.body).toMatchObject({ basePath: `/${siteId}/${key}/handbook/handbook/`, siteBasePath: `/${siteId}/${key}/`, pathname: 'welcome' });
  });

  it('say complete: false while a shorter URL took a default among several site spaces', async () => {
    const added = await t.call('admin', 'POST', `${SITE}/site-spaces`, { spaceId: gb.id('spaces', 'api-docs') });
    expect(added.status).toBe(201);
    const base = await shareUrl(t);
    const short = await t.call(null, 'POST', '/v1/urls/published', { url: base });
    expect(short.body).toMatchObject({ complete: false, siteSpace: gb.id('siteSpaces', 'handbook-site-space') });
    const named = await t.call(null, 'POST', '/v1/urls/published', { url: `${base}/${added.body.path}/api-auth` });
    expectOfficial('resolvePublishedContentByUrl', 200, named.body);
    expect(named.body).toMatchObject({ complete: true, siteSpace: added.body.id, space: gb.id('spaces', 'api-docs'), pathname: 'api-auth' });
  });

  it('hand out an apiToken that lives until the next UTC midnight plus 5 minutes and reads the site content as a bearer token', async () => {
    const res = await t.call(null, 'POST', '/v1/urls/published', { url: await shareUrl(t) });
    const token = res.body.apiToken as string;
    const payload = jwtPayload(token);
    expect(payload).toMatchObject({ kind: 'site', site: gb.id('sites', 'docs-site'), space: gb.id('spaces', 'handbook'), spaces: [gb.id('spaces', 'handbook')] });
    // iat is the service's (virtual) time of issue; exp the wall clock's (0 here) plus the lifetime
    // GitBook gives a token: until the next UTC midnight plus 5 minutes.
    const now = Date.parse(gb.manifest.now) / 1000;
    expect(payload.iat).toBe(Math.floor(now));
    expect(payload.exp).toBe(Math.floor(now / 86400) * 86400 + 86400 + 300 - Math.floor(now));
    // The handbook is private: the token reads it because it is in the site, and nothing else of acme.
    expect((await t.call(token, 'GET', '/v1/spaces/{spaces.handbook}/content')).status).toBe(200);
    expect((await t.call(token, 'GET', `${SITE}/published?shareKey=${res.body.shareKey}`)).status).toBe(200);
    expect((await t.call(token, 'GET', '/v1/orgs/{organizations.acme}/members')).status).toBe(403);
    expect((await t.call(token, 'PATCH', '/v1/spaces/{spaces.handbook}', { title: 'Mine' })).status).toBe(403);
    // Past its expiry it is no longer a token.
    await t.admin('POST', '/__admin/clock', { advance: 'PT24H6M' });
    expect((await t.call(token, 'GET', '/v1/spaces/{spaces.handbook}/content')).status).toBe(401);
  });

  it('refuse a share-link site opened without an active key with 401, as GitBook says "Authentication missing"', async () => {
    const url = await shareUrl(t);
    const siteUrl = url.slice(0, url.lastIndexOf('/'));
    for (const tried of [siteUrl, `${siteUrl}/not-a-key/policies`]) {
      const res = await t.call(null, 'POST', '/v1/urls/published', { url: tried });
      expect(res.status).toBe(401);
      expect(res.body.error.message).toMatch(/Authentication missing/);
    }
    const link = (await t.call('admin', 'GET', `${SITE}/share-links`)).body.items[0];
    await t.call('admin', 'PATCH', `${SITE}/share-links/${link.id}`, { active: false });
    expect((await t.call(null, 'POST', '/v1/urls/published', { url })).status).toBe(401);
  });

  it('answer 404 for a URL no published site has, and for an unpublished site', async () => {
    const res = await t.call(null, 'GET', `/v1/urls/published?url=${encodeURIComponent('https://nowhere.example.com/docs')}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 404, message: expect.stringContaining('nowhere.example.com') } });
    const made = await t.call('admin', 'POST', '/v1/orgs/{organizations.acme}/sites', { title: 'Draft site', spaces: [gb.id('spaces', 'api-docs')] });
    const io = `https://acme.gitbook.io/${made.body.id}`;
    expect((await t.call(null, 'POST', '/v1/urls/published', { url: io })).status).toBe(404);
  });

  it('answer the redirect form for a path that names no page and matches a site redirect', async () => {
    const base = await shareUrl(t);
    const { data } = await anonymous(t).urls.resolvePublishedContentByUrl({ url: `${base}/old-handbook/policies` });
    expectOfficial('resolvePublishedContentByUrl', 200, data);
    expect(data).toEqual({ target: 'content', redirect: `${base}/policies` });
    await t.call('admin', 'POST', `${SITE}/redirects`, { source: '/support', destination: { kind: 'external', url: 'https://help.acme.test' } });
    const external = await t.call(null, 'POST', '/v1/urls/published', { url: `${base}/support` });
    expect(external.body).toEqual({ target: 'external', site: gb.id('sites', 'docs-site'), redirect: 'https://help.acme.test' });
    // A path that names a page is the page, whatever redirect would match it.
    await t.call('admin', 'POST', `${SITE}/redirects`, { source: '/welcome', destination: { kind: 'external', url: 'https://elsewhere.test' } });
    expect((await t.call(null, 'POST', '/v1/urls/published', { url: `${base}/welcome` })).body.pathname).toBe('welcome');
  });

  it('resolve a site on its custom hostname, and send its gitbook.io URL there', async () => {
    const org = '/v1/orgs/{organizations.acme}';
    const site = await t.call('admin', 'POST', `${org}/sites`, { title: 'Public docs', spaces: [gb.id('spaces', 'api-docs')] });
    await gb.mock!.runtime.db.sites.update(site.body.id, { hostname: 'docs.acme.test', published: true, visibility: 'public' });
    const { data } = await anonymous(t).urls.getPublishedContentByUrl({ url: 'https://docs.acme.test/api-auth' });
    expectOfficial('getPublishedContentByUrl', 200, data);
    expect(data).toMatchObject({ site: site.body.id, space: gb.id('spaces', 'api-docs'), pathname: 'api-auth', basePath: '/', siteBasePath: '/', complete: true });
    expect('shareKey' in data).toBe(false);
    const moved = await t.call(null, 'POST', '/v1/urls/published', { url: `https://acme.gitbook.io/${site.body.id}/api-auth` });
    expect(moved.body).toEqual({ target: 'content', redirect: 'https://docs.acme.test/api-auth' });
  });

  it('resolve the starter custom hostname docs.globex.test to globex-docs and its guide', async () => {
    const { data } = await anonymous(t).urls.resolvePublishedContentByUrl({ url: 'https://docs.globex.test/getting-started' });
    expectOfficial('resolvePublishedContentByUrl', 200, data);
    expect(data).toMatchObject({
      site: gb.id('sites', 'globex-docs'),
      siteSpace: gb.id('siteSpaces', 'globex-guide-site-space'),
      space: gb.id('spaces', 'globex-guide'),
      organization: gb.id('organizations', 'globex'),
      pathname: 'getting-started',
      canonicalUrl: 'https://docs.globex.test/getting-started',
      complete: true,
    });
  });

  it('open a visitor-auth site only with a visitor token that has not expired', async () => {
    const site = await t.call('admin', 'POST', '/v1/orgs/{organizations.acme}/sites', { title: 'Partners', spaces: [gb.id('spaces', 'api-docs')] });
    gb.mock!.runtime.db.sites.update(site.body.id, { published: true, visibility: 'visitor-auth' });
    const url = `https://acme.gitbook.io/${site.body.id}`;
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const jwt = (exp: number) => `${b64({ alg: 'HS256' })}.${b64({ sub: 'ann', plan: 'pro', exp })}.c2ln`;
    const now = Date.parse(gb.manifest.now) / 1000;
    expect((await t.call(null, 'POST', '/v1/urls/published', { url })).status).toBe(401);
    expect((await t.call(null, 'POST', '/v1/urls/published', { url, visitor: { jwtToken: jwt(now - 60) } })).status).toBe(401);
    const ok = await t.call(null, 'POST', '/v1/urls/published', { url, visitor: { jwtToken: jwt(now + 3600), unsignedClaims: { beta: true } } });
    expectOfficial('resolvePublishedContentByUrl', 200, ok.body);
    expect(ok.body.contextId).toMatch(/^[0-9a-f]{20}$/);
    expect(jwtPayload(ok.body.apiToken).claims).toEqual({ sub: 'ann', plan: 'pro', exp: now + 3600, unsigned: { beta: true } });
    const byQuery = await t.call(null, 'GET', `/v1/urls/published?url=${encodeURIComponent(url)}&visitorAuthToken=${jwt(now + 60)}`);
    expect(byQuery.status).toBe(200);
  });

  it('still refuse an unknown bearer token (401), and take a malformed URL as 400', async () => {
    const url = await shareUrl(t);
    expect((await t.call('not-a-token', 'POST', '/v1/urls/published', { url })).status).toBe(401);
    expect((await t.call('reader', 'POST', '/v1/urls/published', { url })).status).toBe(200);
    // The renderer adds a field of its own to miss a cache: unknown fields are ignored.
    expect((await t.call(null, 'POST', '/v1/urls/published', { url, redirectOnError: true, cacheBust: 'x1' })).status).toBe(200);
    expect((await t.call(null, 'POST', '/v1/urls/published', { url: 'not a url' })).status).toBe(400);
    expect((await t.call(null, 'POST', '/v1/urls/published', {})).status).toBe(400);
  });
});
