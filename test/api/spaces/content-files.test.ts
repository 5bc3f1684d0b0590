/** Files and reusable contents of a space's content, live, in a revision and in a change request; a change request's page by path. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const S = '/v1/spaces/{spaces.handbook}';

/** Gives the handbook's live revision a reusable content (no scenario field makes one). */
function withReusable(t: Calls): { revision: string; id: string } {
  const db = gb.mock!.runtime.db;
  const revision = db.spaces.get(gb.id('spaces', 'handbook'))!.revision;
  db.revisions.update(revision, { reusableContents: [{ id: 'rc-signature', title: 'Email signature', document: 'doc-signature', git: { oid: 'abc123', path: 'includes/signature.md' } }] });
  return { revision, id: 'rc-signature' };
}

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

  it('reads a reusable content live, in its revision and as a document; 404 for another id', async () => {
    const { revision, id } = withReusable(t);
    const live = await t.call('reader', 'GET', `${S}/content/reusable-contents/${id}`);
    expectOfficial('getReusableContentById', 200, live.body);
    expect(live.body).toEqual({ id, title: 'Email signature', document: 'doc-signature', git: { oid: 'abc123', path: 'includes/signature.md' } });
    const bare = await t.call('reader', 'GET', `${S}/revisions/${revision}/reusable-contents/${id}?metadata=false`);
    expectOfficial('getReusableContentInRevisionById', 200, bare.body);
    expect(bare.body.git).toBeUndefined();
    const doc = await t.call('reader', 'GET', `${S}/revisions/${revision}/reusable-contents/${id}/document`);
    expectOfficial('getReusableContentDocumentInRevisionById', 200, doc.body);
    expect((await t.call('reader', 'GET', `${S}/content/reusable-contents/other`)).status).toBe(404);
    // The change request forked before it was added: not there.
    expect((await t.call('reader', 'GET', `${S}/change-requests/{changeRequests.handbook-draft}/content/reusable-contents/${id}`)).status).toBe(404);
  });

  it('reads a change request\'s page by path, with its edits', async () => {
    const res = await t.call('reader', 'GET', `${S}/change-requests/{changeRequests.handbook-draft}/content/path/policies/remote-work`);
    expect(res.status).toBe(200);
    expectOfficial('getPageInChangeRequestByPath', 200, res.body);
    expect(res.body.path).toBe('policies/remote-work');
    expect((await t.call('reader', 'GET', `${S}/change-requests/{changeRequests.handbook-draft}/content/path/nowhere`)).status).toBe(404);
  });
});
