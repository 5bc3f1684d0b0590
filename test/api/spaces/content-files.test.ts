/** Files and reusable contents of a space's content, live, in a revision and in a change request; a change request's page by path. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const S = '/v1/spaces/{spaces.handbook}';


describe('content files and reusable contents', () => {
  it('lists and reads the live files and a revision\'s through the official client', async () => {
    const api = gb.client('reader');
    const space = gb.id('spaces', 'handbook');
    const files = await api.spaces.listFiles(space);
    expectOfficial('listFiles', 200, files.data);
    const file = gb.id('files', 'team-photo');
    expect(files.data.items.map((f) => f.id)).toContain(file);
    expectOfficial('getFileById', 200, (await api.spaces.getFileById(space, file)).data);
    const revision = gb.mock!.runtime.db.spaces.get(space)!.revision;
    const inRevision = await api.spaces.listFilesInRevisionById(space, revision);
    expectOfficial('listFilesInRevisionById', 200, inRevision.data);
    expect(inRevision.data.items).toEqual(files.data.items);
    expectOfficial('getFileInRevisionById', 200, (await api.spaces.getFileInRevisionById(space, revision, file)).data);
    expect((await t.call('reader', 'GET', `${S}/content/files/nope`)).status).toBe(404);
    expect((await t.call('outsider', 'GET', `${S}/content/files`)).status).toBe(404);
  });

  it('reads the scenario\'s reusable content live, in its revision, in a change request and as a document; 404 for another id', async () => {
    const revision = gb.mock!.runtime.db.spaces.get(gb.id('spaces', 'handbook'))!.revision;
    const id = gb.id('reusableContents', 'support-hours');
    const live = await t.call('reader', 'GET', `${S}/content/reusable-contents/${id}`);
    expectOfficial('getReusableContentById', 200, live.body);
    expect(live.body).toEqual({ id, title: 'Support hours', document: expect.any(String) });
    const inRevision = await t.call('reader', 'GET', `${S}/revisions/${revision}/reusable-contents/${id}?metadata=false`);
    expectOfficial('getReusableContentInRevisionById', 200, inRevision.body);
    expect(inRevision.body).toEqual(live.body);
    // The change request was made from the content that holds it.
    const inChangeRequest = await t.call('reader', 'GET', `${S}/change-requests/{changeRequests.handbook-draft}/content/reusable-contents/${id}`);
    expectOfficial('getReusableContentInChangeRequestById', 200, inChangeRequest.body);
    expect(inChangeRequest.body).toEqual(live.body);
    // Its document is its markdown, evaluated on request; getDocumentById finds it by the id it shows.
    const doc = await t.call('reader', 'GET', `${S}/revisions/${revision}/reusable-contents/${id}/document?evaluated=true`);
    expectOfficial('getReusableContentDocumentInRevisionById', 200, doc.body);
    expect(JSON.stringify(doc.body)).toContain('Support answers from 09:00 to 18:00');
    expect(JSON.stringify(doc.body)).toContain('Acme Corporation');
    const byId = await t.call('reader', 'GET', `${S}/documents/${live.body.document}?evaluated=true`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(doc.body);
    expect((await t.call('reader', 'GET', `${S}/content/reusable-contents/other`)).status).toBe(404);
    expect((await t.call('reader', 'GET', `${S}/revisions/${revision}/reusable-contents/other/document`)).status).toBe(404);
  });

  it('a duplicated space holds a copy of the reusable content: its own id and document, the same body', async () => {
    const copy = (await t.call('admin', 'POST', `${S}/duplicate`)).body;
    const revision = (await t.call('reader', 'GET', `/v1/spaces/${copy.id}/content`)).body;
    const [reusable] = revision.reusableContents;
    expect(reusable).toMatchObject({ title: 'Support hours' });
    expect(reusable.id).not.toBe(gb.id('reusableContents', 'support-hours'));
    const original = (await t.call('reader', 'GET', `${S}/content/reusable-contents/{reusableContents.support-hours}`)).body;
    expect(reusable.document).not.toBe(original.document);
    const document = await t.call('admin', 'GET', `/v1/spaces/${copy.id}/documents/${reusable.document}`);
    expect(document.status).toBe(200);
    expect(document.body).toEqual((await t.call('reader', 'GET', `${S}/documents/${original.document}`)).body);
  });

  it('reads a change request\'s page by path, with its edits', async () => {
    const res = await t.call('reader', 'GET', `${S}/change-requests/{changeRequests.handbook-draft}/content/path/policies/remote-work`);
    expect(res.status).toBe(200);
    expectOfficial('getPageInChangeRequestByPath', 200, res.body);
    expect(res.body.path).toBe('policies/remote-work');
    expect((await t.call('reader', 'GET', `${S}/change-requests/{changeRequests.handbook-draft}/content/path/nowhere`)).status).toBe(404);
  });
});
