/** The page bodies GitBook's renderer reads on their own, through the official client. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

describe('revision pages and documents', () => {
  it('serves a revision\'s pages, a page\'s document in it, and the document its documentId names', async () => {
    const api = gb.client('reader').spaces;
    const space = gb.id('spaces', 'handbook');
    const revision = (await api.getCurrentRevision(space)).data;
    const pages = await api.listPagesInRevisionById(space, revision.id);
    expectOfficial('listPagesInRevisionById', 200, pages.data);
    expect(pages.data.pages).toEqual(revision.pages);

    const pageId = gb.id('pages', 'remote-work');
    const document = await api.getPageDocumentInRevisionById(space, revision.id, pageId);
    expectOfficial('getPageDocumentInRevisionById', 200, document.data);
    const page = await api.getPageInRevisionById(space, revision.id, pageId, { format: 'document' });
    expect(document.data).toEqual((page.data as { document?: unknown }).document);
    expect(JSON.stringify(document.data)).toContain('Work from anywhere');

    const documentId = (page.data as { documentId?: string }).documentId!;
    const byId = await api.getDocumentById(space, documentId);
    expectOfficial('getDocumentById', 200, byId.data);
    expect(byId.data).toEqual(document.data);
  });

  it('finds a change request\'s new page by its document id; 404 for unknown ids and outsiders', async () => {
    const S = '/v1/spaces/{spaces.handbook}';
    const before = (await t.call('reader', 'GET', `${S}/content/page/{pages.welcome}`)).body.documentId;
    const cr = (await t.call('editor', 'POST', `${S}/change-requests`, { subject: 'Travel' })).body;
    await t.call('editor', 'POST', `${S}/change-requests/${cr.id}/content/import`, { url: 'https://example.com/travel-policy', source: 'website' });
    const added = (await t.call('reader', 'GET', `${S}/change-requests/${cr.id}/content`)).body.pages.find((p: { title: string }) => p.title === 'travel policy');
    const document = await t.call('reader', 'GET', `${S}/documents/${added.documentId}`);
    expect(document.status).toBe(200);
    expect(JSON.stringify(document.body)).toContain('example.com');
    expect((await t.call('reader', 'GET', `${S}/documents/${before}`)).status).toBe(200);
    expect((await t.call('reader', 'GET', `${S}/documents/nope`)).status).toBe(404);
    expect((await t.call('outsider', 'GET', `${S}/documents/${before}`)).status).toBe(404);
    expect((await t.call('reader', 'GET', `${S}/revisions/nope/pages`)).status).toBe(404);
    expect((await t.call('reader', 'GET', `${S}/revisions/nope/page/{pages.welcome}/document`)).status).toBe(404);
  });
});

describe('document ids kept in the state (issue 42)', () => {
  it('an edit gives the page a new document id, kept in the state export; both ids resolve, each to its text', async () => {
    const S = '/v1/spaces/{spaces.handbook}';
    const CR = `${S}/change-requests/{changeRequests.handbook-draft}`;
    const before = (await t.call('reader', 'GET', `${CR}/content/page/{pages.welcome}`)).body.documentId;
    const edit = await t.call('editor', 'POST', `${CR}/content`, { changes: [{ operation: 'update_page', page: gb.id('pages', 'welcome'), document: { markdown: 'Hello everyone.' } }] });
    expect(edit.status).toBe(200);
    const after = (await t.call('reader', 'GET', `${CR}/content/page/{pages.welcome}`)).body.documentId;
    expect(after).not.toBe(before);
    // The state holds the id every read shows.
    const state = JSON.stringify((await t.admin('GET', '/__admin/state')).body);
    expect(state).toContain(`"documentId":"${after}"`);
    expect(JSON.stringify((await t.call('reader', 'GET', `${S}/documents/${after}`)).body)).toContain('Hello everyone.');
    expect(JSON.stringify((await t.call('reader', 'GET', `${S}/documents/${before}`)).body)).not.toContain('Hello everyone.');
    // A title change alone keeps the text, and so the id.
    await t.call('editor', 'POST', `${CR}/content`, { changes: [{ operation: 'update_page', page: gb.id('pages', 'onboarding'), description: 'Your first days' }] });
    const live = (await t.call('reader', 'GET', `${S}/content/page/{pages.onboarding}`)).body.documentId;
    expect((await t.call('reader', 'GET', `${CR}/content/page/{pages.onboarding}`)).body.documentId).toBe(live);
  });

  it('a merge takes the page\'s text and its document id together', async () => {
    const S = '/v1/spaces/{spaces.handbook}';
    const cr = (await t.call('editor', 'POST', `${S}/change-requests`, { subject: 'Greeting' })).body;
    await t.call('editor', 'POST', `${S}/change-requests/${cr.id}/content`, { changes: [{ operation: 'update_page', page: gb.id('pages', 'remote-work'), document: { markdown: 'Work from home on Fridays.' } }] });
    const edited = (await t.call('reader', 'GET', `${S}/change-requests/${cr.id}/content/page/{pages.remote-work}`)).body;
    expect((await t.call('editor', 'POST', `${S}/change-requests/${cr.id}/merge`)).status).toBe(200);
    const live = (await t.call('reader', 'GET', `${S}/content/page/{pages.remote-work}`)).body;
    expect(live.documentId).toBe(edited.documentId);
    expect(JSON.stringify((await t.call('reader', 'GET', `${S}/documents/${live.documentId}`)).body)).toContain('Work from home on Fridays.');
  });
});

describe('a revision\'s semantic changes', () => {
  it('lists what a merge changed against its parent, and everything a first revision created (official client)', async () => {
    const api = gb.client('editor').spaces;
    const space = gb.id('spaces', 'handbook');
    const first = (await api.getCurrentRevision(space)).data;
    const created = await api.getRevisionSemanticChanges(space, first.id, { limit: 100 });
    expectOfficial('getRevisionSemanticChanges', 200, created.data);
    expect(created.data.changes.filter((c) => c.type === 'page_created')).toHaveLength(5);

    const cr = (await api.createChangeRequest(space, { subject: 'Travel' })).data;
    await t.call('editor', 'POST', `/v1/spaces/${space}/change-requests/${cr.id}/content/import`, { url: 'https://example.com/travel-policy', source: 'website' });
    const merged = (await t.call('editor', 'POST', `/v1/spaces/${space}/change-requests/${cr.id}/merge`)).body.revision;
    const changes = await api.getRevisionSemanticChanges(space, merged);
    expectOfficial('getRevisionSemanticChanges', 200, changes.data);
    expect(changes.data.changes).toEqual([expect.objectContaining({ type: 'page_created', page: expect.objectContaining({ title: 'travel policy' }) })]);
    expect((await t.call('reader', 'GET', `/v1/spaces/${space}/revisions/nope/changes`)).status).toBe(404);
  });

  it("a merge revision's changes name the change request it merged, as the revision does (mergedFrom)", async () => {
    const api = gb.client('editor').spaces;
    const space = gb.id('spaces', 'handbook');
    const first = (await api.getCurrentRevision(space)).data;
    const cr = (await api.createChangeRequest(space, { subject: 'Travel' })).data;
    await t.call('editor', 'POST', `/v1/spaces/${space}/change-requests/${cr.id}/content/import`, { url: 'https://example.com/travel-policy', source: 'website' });
    const merged = (await t.call('editor', 'POST', `/v1/spaces/${space}/change-requests/${cr.id}/merge`)).body.revision;
    const revision = (await api.getRevisionById(space, merged)).data;
    const changes = (await api.getRevisionSemanticChanges(space, merged)).data;
    expectOfficial('getRevisionSemanticChanges', 200, changes);
    expect(changes.mergedFrom).toMatchObject({ id: cr.id, number: cr.number, subject: 'Travel' });
    expect(changes.mergedFrom).toEqual(revision.type === 'merge' && revision.mergedFrom);
    // A revision that merged nothing tells of no merge.
    expect((await api.getRevisionSemanticChanges(space, first.id)).data).not.toHaveProperty('mergedFrom');
  });
});
