import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const K = '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}/content';

describe('change request content', () => {
  it('serves the latest revision, valid against the official schema', async () => {
    const { data } = await gb
      .client('reader')
      .spaces.getRevisionOfChangeRequestById(gb.id('spaces', 'handbook'), gb.id('changeRequests', 'handbook-draft'));
    expectOfficial('getRevisionOfChangeRequestById', 200, data);
    const cr = (await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}')).body;
    expect(data.id).toBe(cr.revision);
    expect(data.variables).toEqual({ company: 'Acme Corporation' });
  });

  it('lists the page tree with paths, valid against the official schema', async () => {
    const { data } = await gb.client('reader').spaces.listPagesInChangeRequest(gb.id('spaces', 'handbook'), gb.id('changeRequests', 'handbook-draft'));
    expectOfficial('listPagesInChangeRequest', 200, data);
    const policies = data.pages[2] as { path: string; pages: { path: string }[] };
    expect(policies.pages.map((p) => p.path)).toEqual(['policies/remote-work', 'policies/expenses']);
  });

  it('serves a page with the change request edits, valid against the official schema', async () => {
    const { data } = await gb
      .client('reader')
      .spaces.getPageInChangeRequestById(gb.id('spaces', 'handbook'), gb.id('changeRequests', 'handbook-draft'), gb.id('pages', 'remote-work'));
    expectOfficial('getPageInChangeRequestById', 200, data);
    expect(data).toMatchObject({ type: 'document', path: 'policies/remote-work' });
    expect((data as { markdown: string }).markdown).toContain('Fridays are meeting-free');
    expect((data as { urls: { app: string } }).urls.app).toMatch(/\/~\/changes\/1\/policies\/remote-work$/);
  });

  it('serves a page as a JSON document with format=document, still official', async () => {
    const res = await t.call('reader', 'GET', `${K}/page/{pages.welcome}?format=document`);
    expectOfficial('getPageInChangeRequestById', 200, res.body);
    expect(res.body.markdown).toBeUndefined();
    // The page's title is not repeated as the first block: the renderer shows it above the document.
    expect(res.body.document.nodes[0]).toMatchObject({ type: 'paragraph' });
    expect(res.body.document.nodes).toContainEqual(expect.objectContaining({ type: 'heading-2', meta: { id: 'how-to-change-this-handbook' } }));
  });

  it('replaces variable expressions with evaluated=true', async () => {
    const raw = await t.call('reader', 'GET', `${K}/page/{pages.welcome}`);
    const evaluated = await t.call('reader', 'GET', `${K}/page/{pages.welcome}?evaluated=true`);
    expect(raw.body.markdown).toContain('<code class="expression">space.vars.company</code>');
    expect(evaluated.body.markdown).toContain('how we work at Acme Corporation');
  });

  it('answers 404 for a page that is not in the content', async () => {
    expect((await t.call('reader', 'GET', `${K}/page/{pages.api-intro}`)).status).toBe(404);
  });

  it('refuses a bad format with 400 naming the field', async () => {
    const res = await t.call('reader', 'GET', `${K}/page/{pages.welcome}?format=html`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('query.format');
  });

  it('lists files, valid against the official schema', async () => {
    const { data } = await gb.client('reader').spaces.listFilesInChangeRequestById(gb.id('spaces', 'handbook'), gb.id('changeRequests', 'handbook-draft'));
    expectOfficial('listFilesInChangeRequestById', 200, data);
    expect(data.items.map((f) => f.name)).toEqual(['team-photo.png', 'benefits-guide.pdf']);
  });

  it('serves a file whose downloadURL this server answers', async () => {
    const { data } = await gb
      .client('reader')
      .spaces.getFileInChangeRequestById(gb.id('spaces', 'handbook'), gb.id('changeRequests', 'handbook-draft'), gb.id('files', 'team-photo'));
    expectOfficial('getFileInChangeRequestById', 200, data);
    const download = await gb.fetch(data.downloadURL);
    expect([download.status, download.headers.get('content-type')]).toEqual([200, 'image/png']);
  });

  it('serves a PNG file as a picture of the dimensions its record gives, not a blank', async () => {
    const { data } = await gb.client('reader').spaces.getFileInChangeRequestById(gb.id('spaces', 'handbook'), gb.id('changeRequests', 'handbook-draft'), gb.id('files', 'team-photo'));
    const png = new Uint8Array(await (await gb.fetch(data.downloadURL)).arrayBuffer());
    const view = new DataView(png.buffer);
    expect([...png.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([data.dimensions!.width, data.dimensions!.height]);
    // The image data, one palette index a pixel after each row's filter byte: many colours, not one.
    let at = 8;
    while (String.fromCharCode(...png.subarray(at + 4, at + 8)) !== 'IDAT') at += 12 + view.getUint32(at);
    const rows = inflateSync(png.subarray(at + 8, at + 8 + view.getUint32(at)));
    expect(rows.length).toBe((data.dimensions!.width + 1) * data.dimensions!.height);
    expect(new Set(rows).size).toBeGreaterThan(8);
  });

  it('answers 404 for an unknown file', async () => {
    expect((await t.call('reader', 'GET', `${K}/files/nope`)).status).toBe(404);
  });

  it('hides the content of a private space from an outsider (404)', async () => {
    expect((await t.call('outsider', 'GET', K)).status).toBe(404);
  });
});

describe('metadata and computed flags', () => {
  async function imported() {
    await t.call('editor', 'POST', '/v1/spaces/{spaces.handbook}/git/import', { url: 'https://github.com/acme/handbook', ref: 'refs/heads/main' });
    const cr = await t.call('editor', 'POST', '/v1/spaces/{spaces.handbook}/change-requests', { subject: 'After import' });
    return { t, K: `/v1/spaces/{spaces.handbook}/change-requests/${cr.body.id}/content` };
  }

  it('serves Git metadata on pages and files by default', async () => {
    const { t, K: k } = await imported();
    const page = await t.call('reader', 'GET', `${k}/page/{pages.remote-work}`);
    const file = await t.call('reader', 'GET', `${k}/files/{files.team-photo}`);
    expectOfficial('getPageInChangeRequestById', 200, page.body);
    expectOfficial('getFileInChangeRequestById', 200, file.body);
    expect(page.body.git).toMatchObject({ path: 'policies/remote-work.md' });
    expect(file.body.git).toMatchObject({ path: '.gitbook/assets/team-photo.png' });
  });

  it('omits Git metadata with metadata=false', async () => {
    const { t, K: k } = await imported();
    const page = await t.call('reader', 'GET', `${k}/page/{pages.remote-work}?metadata=false`);
    const files = await t.call('reader', 'GET', `${k}/files?metadata=false`);
    expect(page.body.git).toBeUndefined();
    expect(files.body.items.every((f: { git?: unknown }) => f.git === undefined)).toBe(true);
  });

});

describe('computed pages', () => {
  async function apiDocsChangeRequest() {
    const cr = await t.call('editor', 'POST', '/v1/spaces/{spaces.api-docs}/change-requests', { subject: 'Reference' });
    return { t, k: `/v1/spaces/{spaces.api-docs}/change-requests/${cr.body.id}/content` };
  }

  it('computes them by default: a document with generated markdown, official', async () => {
    const { t, k } = await apiDocsChangeRequest();
    const res = await t.call('reader', 'GET', `${k}/page/{pages.api-reference}`);
    expectOfficial('getPageInChangeRequestById', 200, res.body);
    expect(res.body).toMatchObject({ type: 'document', path: 'reference' });
    expect(res.body.markdown).toContain('OpenAPI specification "petstore"');
  });

  it('leaves them uncomputed with computed=false: their source, official', async () => {
    const { t, k } = await apiDocsChangeRequest();
    const res = await t.call('reader', 'GET', `${k}?computed=false`);
    expectOfficial('getRevisionOfChangeRequestById', 200, res.body);
    const page = res.body.pages.find((p: { id: string }) => p.id === gb.id('pages', 'api-reference'));
    expect(page).toMatchObject({ type: 'computed', computed: { type: 'builtin:openapi', dependencies: { spec: { ref: { kind: 'openapi', spec: 'petstore' } } } } });
    expect(page.markdown).toBeUndefined();
  });
});
