/** getContentByUrl (an app URL to its space, change request, page or collection) and the embeds of a URL. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

describe('content by URL', () => {
  it('finds the space and page of an app URL the mock hands out, through the official client', async () => {
    const page = (await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/content/path/policies/expenses')).body;
    const { data } = await gb.client('reader').urls.getContentByUrl({ url: page.urls.app });
    expectOfficial('getContentByUrl', 200, data);
    expect('space' in data && data.space.id).toBe(gb.id('spaces', 'handbook'));
    expect('page' in data && data.page?.id).toBe(page.id);
  });

  it('finds a change request by its app URL, and a collection', async () => {
    const cr = (await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}')).body;
    const res = await t.call('admin', 'GET', `/v1/urls/content?url=${encodeURIComponent(cr.urls.app)}`);
    expectOfficial('getContentByUrl', 200, res.body);
    expect(res.body.changeRequest.id).toBe(cr.id);
    const collection = (await t.call('admin', 'GET', '/v1/collections/{collections.guides}')).body;
    const found = await t.call('admin', 'GET', `/v1/urls/content?url=${encodeURIComponent(collection.urls.app)}`);
    expectOfficial('getContentByUrl', 200, found.body);
    expect(found.body.collection.id).toBe(collection.id);
  });

  it('finds the space of a published URL, and answers 404 for what the caller may not see or no content has', async () => {
    const link = (await t.call('admin', 'GET', '/v1/orgs/{organizations.acme}/sites/{sites.docs-site}/share-links')).body.items[0];
    const published = await t.call('reader', 'GET', `/v1/urls/content?url=${encodeURIComponent(`${link.urls.published}/welcome`)}`);
    expect(published.status).toBe(200);
    expect(published.body.page.path).toBe('welcome');
    const app = (await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}')).body.urls.app;
    expect((await t.call('outsider', 'GET', `/v1/urls/content?url=${encodeURIComponent(app)}`)).status).toBe(404);
    expect((await t.call('admin', 'GET', `/v1/urls/content?url=${encodeURIComponent(`${app}no-such-page`)}`)).status).toBe(404);
    expect((await t.call('admin', 'GET', `/v1/urls/content?url=${encodeURIComponent('https://example.com/x')}`)).status).toBe(404);
  });
});

describe('embeds', () => {
  it('gives an outside URL a link embed titled from its path, the same every time', async () => {
    const url = 'https://www.example.com/blog/launch-week_recap.html';
    const { data } = await gb.client('reader').urls.getEmbedByUrl({ url });
    expectOfficial('getEmbedByUrl', 200, data);
    expect(data).toEqual({ type: 'link', title: 'Launch week recap', site: 'example.com', icon: 'https://www.example.com/favicon.ico' });
    expect((await gb.client('reader').urls.getEmbedByUrl({ url })).data).toEqual(data);
  });

  it('gives a video provider a rich embed with its player', async () => {
    const { data } = await gb.client('reader').spaces.getEmbedByUrlInSpace(gb.id('spaces', 'handbook'), { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expectOfficial('getEmbedByUrlInSpace', 200, data);
    expect(data).toMatchObject({ type: 'rich', site: 'YouTube' });
    expect('html' in data && data.html).toContain('https://www.youtube.com/embed/dQw4w9WgXcQ');
  });

  it('titles a URL of the mock\'s own content as that content, for those who may see it', async () => {
    const link = (await t.call('admin', 'GET', '/v1/orgs/{organizations.acme}/sites/{sites.docs-site}/share-links')).body.items[0];
    const url = `${link.urls.published}/policies/expenses`;
    const res = await t.call('reader', 'GET', `/v1/spaces/{spaces.handbook}/embed?url=${encodeURIComponent(url)}`);
    expectOfficial('getEmbedByUrlInSpace', 200, res.body);
    expect(res.body).toMatchObject({ type: 'link', title: 'Expenses', site: 'Acme Docs' });
    // An outsider sees a plain link to it, nothing of its content.
    const outsider = await t.call('outsider', 'GET', `/v1/urls/embed?url=${encodeURIComponent(url)}`);
    expect(outsider.body.site).toBe('acme.gitbook.io');
    expect((await t.call('outsider', 'GET', `/v1/spaces/{spaces.handbook}/embed?url=${encodeURIComponent(url)}`)).status).toBe(404);
    expect((await t.call('reader', 'GET', '/v1/urls/embed?url=nope')).status).toBe(400);
  });
});
