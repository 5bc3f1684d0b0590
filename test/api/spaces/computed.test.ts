/** Computed content from the state (getComputedDocument, getComputedRevision) and templates applied to a space (applyTemplateToSpace). */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const S = '/v1/spaces/{spaces.handbook}';
const openapi = (props: object) => ({ type: 'builtin:openapi', dependencies: { spec: { ref: { kind: 'openapi', spec: 'petstore' } } }, props });
const translation = (props: object) => ({ type: 'builtin:translation', dependencies: { translation: { ref: { kind: 'translation', translation: gb.id('translations', 'french') } } }, props });
const text = (body: unknown) => JSON.stringify(body);

describe('computed documents', () => {
  it('computes an OpenAPI operation, a tag, the info and the models from the organization\'s specification', async () => {
    const operation = await t.call('reader', 'POST', `${S}/content/computed/document`, { source: openapi({ doc: 'operation', page: '/pets/{petId}', method: 'delete' }), seed: 's' });
    expect(operation.status).toBe(200);
    expectOfficial('getComputedDocument', 200, operation.body);
    expect(text(operation.body)).toContain('Remove a pet');
    expect(text(operation.body)).toContain('DELETE /pets/{petId}');
    const tag = (await t.call('reader', 'POST', `${S}/content/computed/document`, { source: openapi({ doc: 'tag', page: 'pets' }), seed: 's' })).body;
    for (const summary of ['Pets for sale', 'List pets', 'Add a pet', 'Get a pet', 'Remove a pet']) expect(text(tag)).toContain(summary);
    const info = (await t.call('reader', 'POST', `${S}/content/computed/document`, { source: openapi({ doc: 'info', page: 'info' }), seed: 's' })).body;
    expect(text(info)).toContain('Acme Pet Store');
    const models = (await t.call('reader', 'POST', `${S}/content/computed/document`, { source: openapi({ doc: 'models' }), seed: 's' })).body;
    for (const name of ['NewPet', 'Pet', 'Error']) expect(text(models)).toContain(name);
  });

  it('answers 404 for an operation, tag or specification the state does not hold', async () => {
    const call = (source: object) => t.call('reader', 'POST', `${S}/content/computed/document`, { source, seed: 's' });
    expect((await call(openapi({ doc: 'operation', page: '/pets', method: 'patch' }))).status).toBe(404);
    expect((await call(openapi({ doc: 'tag', page: 'owners' }))).status).toBe(404);
    expect((await call({ ...openapi({ doc: 'models' }), dependencies: { spec: { ref: { kind: 'openapi', spec: 'nope' } } } })).status).toBe(404);
  });

  it('a translation\'s document is the source document (the mock translates nothing); an unknown document is 404', async () => {
    const page = (await t.call('reader', 'GET', `${S}/content/page/{pages.expenses}`)).body;
    const source = translation({ space: gb.id('spaces', 'handbook'), document: page.documentId });
    const res = await t.call('reader', 'POST', `${S}/content/computed/document`, { source, seed: 's' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual((await t.call('reader', 'GET', `${S}/documents/${page.documentId}`)).body);
    const unknown = translation({ space: gb.id('spaces', 'handbook'), document: 'nope' });
    expect((await t.call('reader', 'POST', `${S}/content/computed/document`, { source: unknown, seed: 's' })).status).toBe(404);
  });

  it('refuses outsiders (404)', async () => {
    const res = await t.call('outsider', 'POST', `${S}/content/computed/document`, { source: openapi({ doc: 'models' }), seed: 's' });
    expect(res.status).toBe(404);
  });
});

describe('computed revisions', () => {
  it('computes a page per tag (and Models) from the specification, ids from the seed', async () => {
    const body = { source: openapi({ models: true }), seed: 'seed-1' };
    const res = await t.call('reader', 'POST', `${S}/content/computed/revision`, body);
    expect(res.status).toBe(200);
    expectOfficial('getComputedRevision', 200, res.body);
    expect(res.body.pages.map((p: { title: string }) => p.title)).toEqual(['pets', 'Models']);
    expect(res.body.pages[0].markdown).toContain('Add a pet');
    expect(res.body).toMatchObject({ files: [], reusableContents: [] });
    // Same seed, same ids; another seed, others.
    expect((await t.call('reader', 'POST', `${S}/content/computed/revision`, body)).body).toEqual(res.body);
    const other = (await t.call('reader', 'POST', `${S}/content/computed/revision`, { ...body, seed: 'seed-2' })).body;
    expect(other.pages[0].id).not.toBe(res.body.pages[0].id);
  });

  it('computes a page per operation with grouping by-operation', async () => {
    const res = await t.call('reader', 'POST', `${S}/content/computed/revision`, { source: openapi({ models: false, grouping: 'by-operation' }), seed: 's' });
    expectOfficial('getComputedRevision', 200, res.body);
    expect(res.body.pages.map((p: { title: string }) => p.title)).toEqual(['List pets', 'Add a pet', 'Get a pet', 'Remove a pet']);
  });

  it('a translation computes its source space\'s content, as that space shows it', async () => {
    const res = await t.call('reader', 'POST', `${S}/content/computed/revision`, { source: translation({}), seed: 's' });
    expect(res.status).toBe(200);
    expectOfficial('getComputedRevision', 200, res.body);
    const live = (await t.call('reader', 'GET', `${S}/content`)).body;
    expect(res.body.pages).toEqual(live.pages);
    expect(res.body.files).toEqual(live.files);
    expect(res.body.reusableContents).toEqual(live.reusableContents.map(({ id, title, document }: Record<string, string>) => ({ id, title, document })));
  });

  it('an unknown translation is 404; an integration\'s source computes nothing', async () => {
    const unknown = { type: 'builtin:translation', dependencies: { translation: { ref: { kind: 'translation', translation: 'nope' } } }, props: {} };
    expect((await t.call('reader', 'POST', `${S}/content/computed/revision`, { source: unknown, seed: 's' })).status).toBe(404);
    const integration = await t.call('reader', 'POST', `${S}/content/computed/revision`, { source: { type: 'integration:docs-bot:pets', props: {} }, seed: 's' });
    expect(integration.status).toBe(200);
    expect(integration.body).toEqual({ pages: [], files: [], reusableContents: [] });
  });
});

describe('applying a template to a space', () => {
  const titles = (pages: { title: string }[]) => pages.map((p) => p.title);

  it('adds a copy of the template space\'s pages after the space\'s own, in its live content', async () => {
    const before = (await t.call('editor', 'GET', '/v1/spaces/{spaces.api-docs}/content')).body;
    const template = (await t.call('editor', 'GET', `${S}/content`)).body;
    const res = await t.call('editor', 'POST', '/v1/spaces/{spaces.api-docs}/content/template', { id: gb.id('spaces', 'handbook') });
    expect(res.status).toBe(201);
    // The official 201 has no content: no body, and no JSON content type announcing one.
    expect(res.body).toBe('');
    expect(res.headers.get('content-type')).toBeNull();
    const after = (await t.call('editor', 'GET', '/v1/spaces/{spaces.api-docs}/content')).body;
    expect(after.id).not.toBe(before.id);
    expect(titles(after.pages)).toEqual([...titles(before.pages), ...titles(template.pages)]);
    const copied = after.pages.slice(before.pages.length);
    expect(copied.map((p: { id: string }) => p.id)).not.toContain(gb.id('pages', 'welcome'));
    expect(copied[0].markdown).toBe(template.pages[0].markdown);
    // Each copy has a document of its own, which getDocumentById finds.
    const document = await t.call('editor', 'GET', `/v1/spaces/{spaces.api-docs}/documents/${copied[0].documentId}`);
    expect(document.status).toBe(200);
  });

  it('applies into a change request only, when named; the live content stays', async () => {
    const live = (await t.call('editor', 'GET', `${S}/content`)).body;
    const cr = '{changeRequests.handbook-draft}';
    const before = (await t.call('editor', 'GET', `${S}/change-requests/${cr}/content`)).body;
    const res = await t.call('editor', 'POST', `${S}/content/template`, { id: gb.id('spaces', 'api-docs'), changeRequestId: gb.id('changeRequests', 'handbook-draft') });
    expect(res.status).toBe(201);
    const after = (await t.call('editor', 'GET', `${S}/change-requests/${cr}/content`)).body;
    expect(after.pages.length).toBeGreaterThan(before.pages.length);
    // The template's pages are in the change request, with slugs free beside the space's own.
    const slugs = after.pages.map((p: { slug: string }) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect((await t.call('editor', 'GET', `${S}/content`)).body).toEqual(live);
  });

  it('refuses an unknown template (400), readers (403), and outsiders (404), changing nothing', async () => {
    const live = (await t.call('editor', 'GET', `${S}/content`)).body;
    expect((await t.call('editor', 'POST', `${S}/content/template`, { id: 'nope' })).status).toBe(400);
    expect((await t.call('reader', 'POST', `${S}/content/template`, { id: gb.id('spaces', 'api-docs') })).status).toBe(403);
    expect((await t.call('outsider', 'POST', `${S}/content/template`, { id: gb.id('spaces', 'api-docs') })).status).toBe(404);
    expect((await t.call('editor', 'GET', `${S}/content`)).body).toEqual(live);
  });
});
