import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const O = '/v1/orgs/{organizations.acme}/openapi';
const SOURCE = { url: 'https://api.acme.test/openapi.json' };

describe('OpenAPI specs', () => {
  it('lists specs through the official client', async () => {
    const { data } = await gb.client('reader').orgs.listOpenApiSpecs(gb.id('organizations', 'acme'));
    expectOfficial('listOpenAPISpecs', 200, data);
    expect(data.items.map((s) => s.slug)).toEqual(['petstore']);
    expect(data.items[0]).toMatchObject({ processingState: 'complete', permissions: { view: true, edit: false } });
  });

  it('creates a spec (201) whose processing moves on with the clock', async () => {
    const res = await gb.client('admin').orgs.createOpenApiSpec(gb.id('organizations', 'acme'), { slug: 'widgets', source: SOURCE });
    expect(res.status).toBe(201);
    expectOfficial('createOpenAPISpec', 201, res.data);
    expect(res.data).toMatchObject({ slug: 'widgets', sourceURL: SOURCE.url, processingState: 'pending' });
    expect(res.data.lastProcessedAt).toBeUndefined();
    await t.admin('POST', '/__admin/clock', { advance: 'PT10S' });
    expect((await t.call('admin', 'GET', `${O}/widgets`)).body.processingState).toBe('progress');
    await t.admin('POST', '/__admin/clock', { advance: 'PT50S' });
    const done = await t.call('admin', 'GET', `${O}/widgets`);
    expect(done.body).toMatchObject({ processingState: 'complete', lastProcessedAt: '2026-01-01T00:01:00.000Z' });
  });

  it('takes a slug with capitals, as the official OpenAPISpecSlug allows (`gitbook openapi publish --spec Pets`), and keeps it through a state round trip', async () => {
    const text = 'openapi: 3.0.0\ninfo: { title: Pets, version: 1.0.0 }\npaths: {}\n';
    const put = await gb.client('admin').orgs.createOrUpdateOpenApiSpecBySlug(gb.id('organizations', 'acme'), 'Pets', { source: { text } });
    expect(put.status).toBe(201);
    expectOfficial('createOrUpdateOpenAPISpecBySlug', 201, put.data);
    expect(put.data.slug).toBe('Pets');
    const created = await gb.client('admin').orgs.createOpenApiSpec(gb.id('organizations', 'acme'), { slug: 'Widgets-V2', source: SOURCE });
    expect(created.data.slug).toBe('Widgets-V2');
    const state = (await t.admin('GET', '/__admin/state')).body;
    expect((await t.admin('PUT', '/__admin/state', state)).status).toBe(200);
    expect((await t.call('reader', 'GET', `${O}/Pets`)).body.slug).toBe('Pets');
    expect((await t.call('reader', 'GET', `${O}/pets`)).status).toBe(404);
  });

  it('refuses a duplicate slug (409)', async () => {
    expect((await t.call('admin', 'POST', O, { slug: 'petstore', source: SOURCE })).status).toBe(409);
  });

  it.each([
    [{ slug: 'Bad Slug', source: SOURCE }, 'slug'],
    [{ slug: 'a--b', source: SOURCE }, 'slug'],
    [{ slug: 'x'.repeat(101), source: SOURCE }, 'slug'],
    [{ slug: 'ok' }, 'source'],
    [{ slug: 'ok', source: { url: 'nope' } }, 'source'],
    [{ slug: 'ok', source: { file: 'x' } }, 'source'],
  ])('refuses %j naming %s', async (body, field) => {
    const res = await t.call('admin', 'POST', O, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
    expect((await t.call('admin', 'GET', O)).body.count).toBe(1);
  });

  it('gets a spec by slug through the official client, and 404 for an unknown slug', async () => {
    const { data } = await gb.client('reader').orgs.getOpenApiSpecBySlug(gb.id('organizations', 'acme'), 'petstore');
    expectOfficial('getOpenAPISpecBySlug', 200, data);
    expect((await t.call('reader', 'GET', `${O}/unknown`)).status).toBe(404);
  });

  it('creates a spec with PUT (201, with its Location), then adds a version only when the source changes (200)', async () => {
    const client = gb.client('admin');
    const org = gb.id('organizations', 'acme');
    const created = await client.orgs.createOrUpdateOpenApiSpecBySlug(org, 'widgets', { source: SOURCE });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toMatch(new RegExp(`/v1/orgs/${org}/openapi/widgets$`));
    expectOfficial('createOrUpdateOpenAPISpecBySlug', 201, created.data);
    const first = created.data.lastVersion;
    const same = await t.call('admin', 'PUT', `${O}/widgets`, { source: SOURCE });
    expect(same.status).toBe(200);
    expectOfficial('createOrUpdateOpenAPISpecBySlug', 200, same.body);
    expect(same.body.lastVersion).toBe(first);
    await t.admin('POST', '/__admin/clock', { advance: 'PT2M' });
    const changed = await t.call('admin', 'PUT', `${O}/widgets`, { source: { url: 'https://api.acme.test/v2.json' } });
    expect(changed.body.lastVersion).not.toBe(first);
    expect(changed.body).toMatchObject({ sourceURL: 'https://api.acme.test/v2.json', processingState: 'pending', updatedAt: '2026-01-01T00:02:00.000Z' });
    expect((await t.call('admin', 'GET', `${O}/widgets/versions`)).body.count).toBe(2);
  });

  it('refuses PUT on a bad slug, naming it', async () => {
    const res = await t.call('admin', 'PUT', `${O}/Not_A_Slug`, { source: SOURCE });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('specSlug');
  });

  it('answers 404 to reads and deletes of a slug that is no spec slug, as the official path takes any text', async () => {
    for (const [method, path] of [
      ['GET', `${O}/Not_A_Slug`],
      ['DELETE', `${O}/Not_A_Slug`],
      ['GET', `${O}/Not_A_Slug/versions`],
      ['GET', `${O}/Not_A_Slug/versions/latest`],
      ['GET', `${O}/Not_A_Slug/versions/latest/content`],
      ['GET', `${O}/has%20space/versions/v1`],
    ] as const) {
      const res = await t.call('admin', method, path);
      expect([method, path, res.status]).toEqual([method, path, 404]);
      expect(res.body.error.code).toBe(404);
    }
  });

  it('deletes a spec (205) and its versions', async () => {
    const res = await gb.client('admin').orgs.deleteOpenApiSpecBySlug(gb.id('organizations', 'acme'), 'petstore');
    expect(res.status).toBe(205);
    expect((await t.call('admin', 'GET', `${O}/petstore`)).status).toBe(404);
    expect(gb.mock!.runtime.db.openapiSpecVersions.size).toBe(0);
  });

  it.each([
    ['POST', O, { slug: 'mine', source: SOURCE }],
    ['PUT', `${O}/petstore`, { source: SOURCE }],
    ['DELETE', `${O}/petstore`, undefined],
  ])('refuses %s %s to non-admins (403)', async (method, path, body) => {
    expect((await t.call('editor', method, path, body)).status).toBe(403);
  });
});

describe('OpenAPI spec versions', () => {
  it('lists versions, newest first, through the official client', async () => {
    await t.call('admin', 'PUT', `${O}/petstore`, { source: { url: 'https://petstore.acme.test/v2.json' } });
    const { data } = await gb.client('reader').orgs.listOpenApiSpecVersions(gb.id('organizations', 'acme'), 'petstore');
    expectOfficial('listOpenAPISpecVersions', 200, data);
    expect(data.items.map((v) => v.url)).toEqual(['https://petstore.acme.test/v2.json', 'https://petstore.acme.test/openapi.json']);
  });

  it('gets the latest version and a version by id through the official client', async () => {
    const client = gb.client('reader');
    const org = gb.id('organizations', 'acme');
    const latest = await client.orgs.getLatestOpenApiSpecVersion(org, 'petstore');
    expectOfficial('getLatestOpenAPISpecVersion', 200, latest.data);
    const byId = await client.orgs.getOpenApiSpecVersionById(org, 'petstore', latest.data.id);
    expectOfficial('getOpenAPISpecVersionById', 200, byId.data);
    expect(byId.data).toEqual(latest.data);
    expect((await t.call('reader', 'GET', `${O}/petstore/versions/unknown`)).status).toBe(404);
  });

  it('serves the content of a version from the fixture', async () => {
    const client = gb.client('reader');
    const org = gb.id('organizations', 'acme');
    const latest = await client.orgs.getLatestOpenApiSpecVersionContent(org, 'petstore');
    expectOfficial('getLatestOpenAPISpecVersionContent', 200, latest.data);
    type Entry = { filename: string; isEntrypoint: boolean; specification: { openapi: string; paths: object } };
    const body = latest.data as unknown as { filesystem: Entry[]; url: string };
    // As GitBook's renderer reads it.
    const entry = body.filesystem.find((f) => f.isEntrypoint)!;
    expect(entry.filename).toBe('petstore.json');
    expect(entry.specification.openapi).toMatch(/^3\./);
    expect(Object.keys(entry.specification.paths)).toContain('/pets');
    expect(body.url).toBe('https://petstore.acme.test/openapi.json');
    const version = await client.orgs.getLatestOpenApiSpecVersion(org, 'petstore');
    const byId = await client.orgs.getOpenApiSpecVersionContentById(org, 'petstore', version.data.id);
    expectOfficial('getOpenAPISpecVersionContentById', 200, byId.data);
    expect(byId.data).toEqual(latest.data);
  });

  it('serves the text of a version created from source.text', async () => {
    const text = JSON.stringify({ openapi: '3.1.0', info: { title: 'Tiny', version: '1' }, paths: {} });
    const created = await t.call('admin', 'POST', O, { slug: 'tiny', source: { text } });
    expect(created.status).toBe(201);
    expect(created.body.sourceURL).toBeUndefined();
    const content = await t.call('admin', 'GET', `${O}/tiny/versions/latest/content`);
    expect(content.body.filesystem).toEqual([{ filename: 'openapi.json', dir: '.', isEntrypoint: true, references: [], specification: JSON.parse(text) }]);
    expect(content.body.url).toMatch(/\/v1\/orgs\/.+\/openapi\/tiny\/versions\/.+\/content$/);
  });

  it('parses a YAML text version into the specification the renderer reads', async () => {
    const text = 'openapi: 3.0.3\ninfo:\n  title: Yaml API\n  version: "2"\npaths:\n  /ping:\n    get:\n      responses:\n        "200":\n          description: OK\n';
    expect((await t.call('admin', 'POST', O, { slug: 'yaml-api', source: { text } })).status).toBe(201);
    const { data } = await gb.client('reader').orgs.getLatestOpenApiSpecVersionContent(gb.id('organizations', 'acme'), 'yaml-api');
    expectOfficial('getLatestOpenAPISpecVersionContent', 200, data);
    const entry = (data.filesystem as unknown as { isEntrypoint: boolean; filename: string; specification: any }[]).find((f) => f.isEntrypoint)!;
    expect(entry.filename).toBe('openapi.yaml');
    expect(entry.specification.info.title).toBe('Yaml API');
    expect(Object.keys(entry.specification.paths)).toEqual(['/ping']);
  });

  it('hides specs from outsiders (404) and guests (403)', async () => {
    expect((await t.call('outsider', 'GET', `${O}/petstore/versions`)).status).toBe(404);
    await t.call('admin', 'PATCH', '/v1/orgs/{organizations.acme}/members/{users.reader}', { role: null });
    expect((await t.call('reader', 'GET', `${O}/petstore/versions/latest`)).status).toBe(403);
  });

  it('updateOpenAPISpecBySlug keeps the visibility; the get and the list show it; a reader is refused (403)', async () => {
    const res = await t.call('admin', 'PATCH', `${O}/petstore`, { visibility: 'public' });
    expect(res.status).toBe(200);
    expectOfficial('updateOpenAPISpecBySlug', 200, res.body);
    expect(res.body).toMatchObject({ slug: 'petstore', visibility: 'public', updatedAt: '2026-01-01T00:00:00.000Z' });
    expect((await t.call('reader', 'GET', `${O}/petstore`)).body.visibility).toBe('public');
    expect((await t.call('reader', 'GET', O)).body.items[0].visibility).toBe('public');
    expect((await t.call('reader', 'PATCH', `${O}/petstore`, { visibility: 'private' })).status).toBe(403);
    expect((await t.call('admin', 'PATCH', `${O}/petstore`, { visibility: 'secret' })).status).toBe(400);
    expect((await t.call('admin', 'PATCH', `${O}/nope`, { visibility: 'private' })).status).toBe(404);
    expect((await t.call('reader', 'GET', `${O}/petstore`)).body.visibility).toBe('public');
  });

  it('getLatestOpenAPISpecVersionContentRaw answers the text as sent, and its format', async () => {
    const yaml = 'openapi: 3.0.3\ninfo: { title: Raw, version: "1" }\npaths: {}\n';
    await t.call('admin', 'PUT', `${O}/raw`, { source: { text: yaml } });
    const res = await t.call('reader', 'GET', `${O}/raw/versions/latest/content/raw`);
    expect(res.status).toBe(200);
    expectOfficial('getLatestOpenAPISpecVersionContentRaw', 200, res.body);
    expect(res.body).toEqual({ text: yaml, format: 'yaml' });
    const json = JSON.stringify({ openapi: '3.1.0', info: { title: 'Raw', version: '2' }, paths: {} });
    await t.call('admin', 'PUT', `${O}/raw`, { source: { text: json } });
    expect((await t.call('reader', 'GET', `${O}/raw/versions/latest/content/raw`)).body).toEqual({ text: json, format: 'json' });
    const fixture = await t.call('reader', 'GET', `${O}/petstore/versions/latest/content/raw`);
    expect(fixture.body.format).toBe('json');
    expect(JSON.parse(fixture.body.text).info.title).toBe((await t.call('reader', 'GET', `${O}/petstore/versions/latest/content`)).body.filesystem[0].specification.info.title);
    expect((await t.call('reader', 'GET', `${O}/nope/versions/latest/content/raw`)).status).toBe(404);
  });
});
