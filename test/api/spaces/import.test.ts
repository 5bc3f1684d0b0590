import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const CR = '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}';
const IMPORT = `${CR}/content/import`;

describe('import content into a change request', () => {
  it('makes a new revision with the imported page and reports the resources', async () => {
    const res = await t.call('editor', 'POST', IMPORT, { url: 'https://docs.example.com/guides/getting-started', source: 'website' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ importedResources: 1, totalResources: 1 });
    const cr = (await t.call('reader', 'GET', CR)).body;
    expect(cr.revision).toBe(res.body.revision);
    const pages = (await t.call('reader', 'GET', `${CR}/content/pages`)).body.pages;
    expect(pages.map((p: { title: string }) => p.title)).toContain('getting started');
  });

  it('titles the page after the host when the URL has no path', async () => {
    const res = await t.call('editor', 'POST', IMPORT, { url: 'https://docs.example.com/', source: 'file' });
    expect(res.status).toBe(201);
    const titles = (await t.call('reader', 'GET', `${CR}/content/pages`)).body.pages.map((p: { title: string }) => p.title);
    expect(titles).toContain('docs.example.com');
  });

  it('leaves the primary content untouched', async () => {
    const before = gb.mock!.runtime.db.spaces.get(gb.id('spaces', 'handbook'))!.revision;
    await t.call('editor', 'POST', IMPORT, { url: 'https://docs.example.com/a', source: 'website' });
    expect(gb.mock!.runtime.db.spaces.get(gb.id('spaces', 'handbook'))!.revision).toBe(before);
  });

  it.each([
    [{ url: 'not a url', source: 'website' }, 'body.url'],
    [{ url: 'ftp://example.com/x', source: 'website' }, 'body.url'],
    [{ url: 'https://example.com/a%E0%A4%A', source: 'website' }, 'body.url'],
    [{ url: 'https://example.com', source: 'confluence' }, 'body.source'],
    [{ source: 'website' }, 'body.url'],
  ])('refuses %j with 400 naming %s, changing nothing', async (body, field) => {
    const before = (await t.call('reader', 'GET', CR)).body.revision;
    const res = await t.call('editor', 'POST', IMPORT, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
    expect((await t.call('reader', 'GET', CR)).body.revision).toBe(before);
  });

  it('refuses a commenter with 403', async () => {
    expect((await t.call('commenter', 'POST', IMPORT, { url: 'https://example.com/a', source: 'website' })).status).toBe(403);
  });

  it('refuses a locked space with 409', async () => {
    gb.mock!.runtime.db.spaces.update(gb.id('spaces', 'handbook'), { editMode: 'locked' });
    expect((await t.call('editor', 'POST', IMPORT, { url: 'https://example.com/a', source: 'website' })).status).toBe(409);
  });

  it('refuses a merged change request with 409', async () => {
    await t.call('editor', 'POST', `${CR}/merge`);
    expect((await t.call('editor', 'POST', IMPORT, { url: 'https://example.com/a', source: 'website' })).status).toBe(409);
  });
});
