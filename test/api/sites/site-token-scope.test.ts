/**
 * The site API token a published URL lookup hands out, used as GitBook's renderer uses it: it
 * reads what a visitor of that site may read (its published content, redirects, search, ask
 * and recommended questions, integration scripts, insights, the OpenAPI specs its pages are
 * generated from, the spaces it publishes) and nothing else.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ scenario: 'site-launch', wallClock: () => 0 });
const t = callsOn(gb);

const ORG = '/v1/orgs/{organizations.acme}';
const CHANGELOG = `${ORG}/sites/{sites.public-changelog}`;

/** The token the renderer gets for the public changelog's published URL. */
async function changelogToken(t: Calls): Promise<string> {
  const site = await t.call('admin', 'GET', CHANGELOG);
  const res = await t.call(null, 'POST', '/v1/urls/published', { url: site.body.urls.published });
  expect(res.status).toBe(200);
  return res.body.apiToken;
}

describe('a site API token', () => {
  it('reads its site\'s published content, and answers a path with no redirect 404 (not 403)', async () => {
    const token = await changelogToken(t);
    const published = await t.call(token, 'GET', `${CHANGELOG}/published`);
    expect(published.status).toBe(200);
    expectOfficial('getPublishedContentSite', 200, published.body);
    const none = await t.call(token, 'GET', `${CHANGELOG}/redirect?source=${encodeURIComponent('/no-such-page')}`);
    expect(none.status).toBe(404);
    await t.call('admin', 'POST', `${CHANGELOG}/redirects`, { source: '/old', destination: { kind: 'external', url: 'https://acme.test/new' } });
    const found = await t.call(token, 'GET', `${CHANGELOG}/redirect?source=${encodeURIComponent('/old')}`);
    expect(found.status).toBe(200);
    expect(found.body.target).toBe('https://acme.test/new');
  });

  it('searches, asks, reads the recommended questions and integration scripts, and reports insights on its site', async () => {
    const token = await changelogToken(t);
    const calls: [string, string, unknown?][] = [
      ['POST', `${CHANGELOG}/search`, { query: 'release', scope: { mode: 'default' } }],
      ['POST', `${CHANGELOG}/ask`, { question: 'What was released?', scope: { mode: 'default' } }],
      ['GET', `${CHANGELOG}/ask/questions`],
      ['GET', `${CHANGELOG}/integration-scripts`],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.call(token, method, path, body);
      expect(res.status, `${method} ${path}`).toBeLessThan(300);
    }
    const tracked = await t.call(token, 'POST', `${CHANGELOG}/insights/events`, { events: [] });
    expect(tracked.status).toBe(204);
  });

  it('reads the OpenAPI spec a page of its site is generated from, and no other spec', async () => {
    // The partner portal publishes api-docs, whose "API reference" page is generated from petstore.
    const content = `${ORG}/openapi/petstore/versions/latest/content`;
    const links = await t.call('admin', 'GET', `${ORG}/sites/{sites.partner-portal}/share-links`);
    const url = links.body.items.find((l: { active: boolean }) => l.active).urls.published;
    const partner = await t.call(null, 'POST', '/v1/urls/published', { url, visitor: { unsignedClaims: { isPartner: true } } });
    expect(partner.status).toBe(200);
    const read = await t.call(partner.body.apiToken, 'GET', content);
    expect(read.status).toBe(200);
    expectOfficial('getLatestOpenAPISpecVersionContent', 200, read.body);
    // The changelog's pages embed no spec.
    expect((await t.call(await changelogToken(t), 'GET', content)).status).toBe(403);
  });

  it('reads a spec once a page of its site shows one of its operations (an OpenAPI block)', async () => {
    const content = `${ORG}/openapi/petstore/versions/latest/content`;
    const token = await changelogToken(t);
    expect((await t.call(token, 'GET', content)).status).toBe(403);
    const cr = await t.call('admin', 'POST', '/v1/spaces/{spaces.changelog}/change-requests', { subject: 'Link the pet API' });
    const markdown = '# 2026\n\nJanuary: first release.\n\n{% openapi-operation spec="petstore" path="/pets" method="get" %}\n{% endopenapi-operation %}\n';
    const changed = await t.call('admin', 'POST', `/v1/spaces/{spaces.changelog}/change-requests/${cr.body.id}/content`, {
      changes: [{ operation: 'update_page', page: gb.id('pages', 'changelog-2026'), document: { markdown } }],
    });
    expect(changed.status).toBe(200);
    expect((await t.call('admin', 'POST', `/v1/spaces/{spaces.changelog}/change-requests/${cr.body.id}/merge`)).status).toBe(200);
    expect((await t.call(token, 'GET', content)).status).toBe(200);
  });

  it('reads the OpenAPI spec whose operation a page of its site shows, and the page\'s block points at it', async () => {
    // The Pet Store API section (no condition) holds "List pets", an openapi-operation block of petstore.
    const urls = gb.manifest.publishedUrls!;
    const found = await t.call(null, 'POST', '/v1/urls/published', { url: `${urls.shareLinks['partner-active']}/pets` });
    expect(found.status).toBe(200);
    const { apiToken, space } = found.body;
    expect(space).toBe(gb.id('spaces', 'pets-api'));
    const revision = (await t.call(apiToken, 'GET', `/v1/spaces/${space}/content`)).body.id;
    const page = await t.call(apiToken, 'GET', `/v1/spaces/${space}/revisions/${revision}/page/${gb.id('pages', 'pets-list')}/document`);
    expectOfficial('getPageDocumentInRevisionById', 200, page.body);
    const block = page.body.nodes.find((n: { type: string }) => n.type === 'openapi-operation');
    expect(block?.data).toEqual({ ref: { kind: 'openapi', spec: 'petstore' }, path: '/pets', method: 'get' });
    const read = await t.call(apiToken, 'GET', `${ORG}/openapi/petstore/versions/latest/content`);
    expect(read.status).toBe(200);
    expectOfficial('getLatestOpenAPISpecVersionContent', 200, read.body);
  });

  it('reads the partner portal\'s first page with its code block, as the renderer shows it', async () => {
    const links = await t.call('admin', 'GET', `${ORG}/sites/{sites.partner-portal}/share-links`);
    const url = links.body.items.find((l: { active: boolean }) => l.active).urls.published;
    const found = await t.call(null, 'POST', '/v1/urls/published', { url });
    expect(found.status).toBe(200);
    const { apiToken, space } = found.body;
    const revision = (await t.call(apiToken, 'GET', `/v1/spaces/${space}/content`)).body.id;
    const res = await t.call(apiToken, 'GET', `/v1/spaces/${space}/revisions/${revision}/page/${gb.id('pages', 'guides-start')}/document`);
    expect(res.status).toBe(200);
    expectOfficial('getPageDocumentInRevisionById', 200, res.body);
    const code = res.body.nodes.find((n: { type: string }) => n.type === 'code');
    expect(code?.data?.syntax).toBe('sh');
    expect(JSON.stringify(code)).toContain('npm install -g @acme/cli');
  });

  it('sees no other site of the organization, and changes nothing', async () => {
    const token = await changelogToken(t);
    expect((await t.call(token, 'GET', `${ORG}/sites/{sites.partner-portal}/published`)).status).toBe(404);
    expect((await t.call(token, 'POST', `${ORG}/sites/{sites.partner-portal}/search`, { query: 'x', scope: { mode: 'default' } })).status).toBe(404);
    expect((await t.call(token, 'GET', `${ORG}/sites/{sites.partner-portal}/redirect?source=%2Fx`)).status).toBe(404);
    expect((await t.call(token, 'PATCH', CHANGELOG, { title: 'Mine' })).status).toBe(403);
    expect((await t.call(token, 'GET', `${CHANGELOG}/redirects`)).status).toBe(403);
    expect((await t.call(token, 'GET', `${ORG}/members`)).status).toBe(403);
  });
});

describe('the manifest\'s published URLs', () => {
  it('name every published site by key and every active share link by key, and each resolves', async () => {
    const urls = gb.manifest.publishedUrls!;
    const sites = gb.manifest.ids.sites;
    for (const org of ['acme', 'globex']) {
      const listed = (await t.call('admin', 'GET', `/v1/orgs/{organizations.${org}}/sites`)).body.items ?? [];
      for (const site of listed) {
        const key = Object.keys(sites).find((k) => sites[k] === site.id);
        if (key && site.urls?.published) expect(urls.sites[key], key).toBe(site.urls.published);
      }
    }
    expect(Object.keys(urls.sites)).toEqual(expect.arrayContaining(['partner-portal', 'public-changelog']));
    expect(urls.sites['public-changelog']).toBe((await t.call('admin', 'GET', CHANGELOG)).body.urls.published);
    expect(Object.keys(urls.shareLinks)).toContain('partner-active');
    expect(Object.keys(urls.shareLinks)).not.toContain('partner-revoked');
    expect(urls.shareLinks['partner-active']).toBe(`${urls.sites['partner-portal']}/${gb.manifest.shareKeys['partner-active']}`);
    for (const url of [urls.sites['public-changelog'], ...Object.values(urls.shareLinks)]) {
      expect((await t.call(null, 'POST', '/v1/urls/published', { url })).status, url).toBe(200);
    }
  });
});
