/** A space's live content and its revisions, through the official client. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const S = '/v1/spaces/{spaces.handbook}';

describe('live space content', () => {
  it('serves the primary revision, its pages, a page by id and by path (official client)', async () => {
    const api = gb.client('reader').spaces;
    const space = gb.id('spaces', 'handbook');
    const revision = await api.getCurrentRevision(space);
    expectOfficial('getCurrentRevision', 200, revision.data);
    expect(revision.data.id).toBe(gb.mock!.runtime.db.spaces.get(space)!.revision);
    const pages = await api.listPages(space);
    expectOfficial('listPages', 200, pages.data);
    expect(pages.data.pages.map((p) => p.title)).toEqual(['Welcome to Acme', 'Onboarding', 'Policies']);
    const page = await api.getPageById(space, gb.id('pages', 'remote-work'), { format: 'markdown' });
    expectOfficial('getPageById', 200, page.data);
    expect(page.data).toMatchObject({ id: gb.id('pages', 'remote-work'), path: 'policies/remote-work' });
    expect((page.data as { markdown?: string }).markdown).toContain('Work from anywhere');
    const byPath = await api.getPageByPath(space, 'policies/remote-work');
    expectOfficial('getPageByPath', 200, byPath.data);
    expect(byPath.data.id).toBe(gb.id('pages', 'remote-work'));
    const document = await api.getPageById(space, gb.id('pages', 'remote-work'), { format: 'document' });
    expect(document.data).toHaveProperty('document');
  });

  it('finds a page by a path with slashes unencoded, and the first page at the root path', async () => {
    expect((await t.call('reader', 'GET', `${S}/content/path/policies/remote-work`)).body.id).toBe(gb.id('pages', 'remote-work'));
    expect((await t.call('reader', 'GET', `${S}/content/path/%2F`)).body.id).toBe(gb.id('pages', 'welcome'));
    expect((await t.call('reader', 'GET', `${S}/content/path/policies/nope`)).status).toBe(404);
    expect((await t.call('reader', 'GET', `${S}/content/page/nope`)).status).toBe(404);
  });

  it('shows a merged change request at once', async () => {
    const C = `${S}/change-requests`;
    const cr = (await t.call('editor', 'POST', C, { subject: 'Travel' })).body;
    await t.call('editor', 'POST', `${C}/${cr.id}/content/import`, { url: 'https://example.com/travel-policy', source: 'website' });
    expect((await t.call('reader', 'GET', `${S}/content/path/travel-policy`)).status).toBe(404);
    const merge = await t.call('editor', 'POST', `${C}/${cr.id}/merge`);
    expect(merge.status).toBe(200);
    const live = await t.call('reader', 'GET', `${S}/content`);
    expect(live.body.id).toBe(merge.body.revision);
    expect(live.body.type).toBe('merge');
    expect((await t.call('reader', 'GET', `${S}/content/path/travel-policy`)).body.title).toBe('travel policy');
  });

  it('hides the content from a user outside the organization (404) and answers 401 without a token', async () => {
    expect((await t.call('outsider', 'GET', `${S}/content`)).status).toBe(404);
    expect((await t.call('outsider', 'GET', `${S}/content/pages`)).status).toBe(404);
    expect((await t.call(null, 'GET', `${S}/content/pages`)).status).toBe(401);
  });
});

describe('revisions by id', () => {
  it('serves a former revision and its pages after a merge (official client)', async () => {
    const space = gb.id('spaces', 'handbook');
    const before = gb.mock!.runtime.db.spaces.get(space)!.revision;
    await t.call('editor', 'POST', `${S}/change-requests/{changeRequests.handbook-draft}/merge`);
    const api = gb.client('reader').spaces;
    const revision = await api.getRevisionById(space, before);
    expectOfficial('getRevisionById', 200, revision.data);
    expect(revision.data.id).toBe(before);
    const page = await api.getPageInRevisionById(space, before, gb.id('pages', 'welcome'));
    expectOfficial('getPageInRevisionById', 200, page.data);
    const byPath = await api.getPageInRevisionByPath(space, before, 'policies/expenses');
    expectOfficial('getPageInRevisionByPath', 200, byPath.data);
    expect(byPath.data.id).toBe(gb.id('pages', 'expenses'));
  });

  it('serves a change request revision, and no revision of another space', async () => {
    const cr = gb.mock!.runtime.db.changeRequests.get(gb.id('changeRequests', 'handbook-draft'))!;
    expect((await t.call('reader', 'GET', `${S}/revisions/${cr.revision}`)).status).toBe(200);
    const other = gb.mock!.runtime.db.spaces.get(gb.id('spaces', 'api-docs'))!.revision;
    expect((await t.call('reader', 'GET', `${S}/revisions/${other}`)).status).toBe(404);
    expect((await t.call('reader', 'GET', `${S}/revisions/nope/page/x`)).status).toBe(404);
  });
});
