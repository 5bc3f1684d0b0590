import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
// Every routed operation: hand-written rows and the generic tier's.
import { fileRows, routedOperations as operations } from '../../../src/resources/index.ts';
import { adminOperations } from '../../../src/openapi/admin-operations.ts';
import { componentRef } from '../../../src/openapi/components.ts';
import { officialOperations, ourOperations } from '../../../src/openapi/drift.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const official = JSON.parse(readFileSync(new URL('../../../node_modules/@gitbook/api/spec/openapi.json', import.meta.url), 'utf8'));

async function documentOf(calls: Calls = t): Promise<any> {
  const res = await calls.admin('GET', '/__admin/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return res.body;
}

/** Every `$ref` in the document, with the value it points at (undefined: it points nowhere). */
function refs(doc: any): { ref: string; target: unknown }[] {
  const out: { ref: string; target: unknown }[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') {
        const target = child.slice(2).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
          .reduce<any>((node, part) => (node === undefined ? undefined : node[part]), doc);
        out.push({ ref: child, target });
      } else walk(child);
    }
  };
  walk(doc);
  return out;
}

describe('GET /__admin/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document (checked by @seriousme/openapi-schema-validator)', async () => {
    const doc = await documentOf();
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('every $ref points at something in the document', async () => {
    const dangling = refs(await documentOf()).filter((r) => r.target === undefined).map((r) => r.ref);
    expect([...new Set(dangling)]).toEqual([]);
  });

  it('matches the route table row for row: method, path, operationId, success status, schemas', async () => {
    const doc = await documentOf();
    const served = Object.entries(doc.paths).flatMap(([path, item]: [string, any]) =>
      Object.entries(item).map(([method, op]: [string, any]) => ({ path, method: method.toUpperCase(), op })));
    const api = served.filter((s) => !s.path.startsWith('/__admin') && !s.path.startsWith('/__files'));
    expect(api.map((s) => `${s.method} ${s.path} ${s.op.operationId}`).sort())
      .toEqual(operations.map((o) => `${o.method} ${o.path} ${o.operationId}`).sort());
    for (const row of operations) {
      const op = doc.paths[row.path][row.method.toLowerCase()];
      expect(Object.keys(op.responses)).toContain(String(row.status));
      const success = op.responses[String(row.status)];
      if (row.response && row.status !== 204 && row.status !== 205) {
        expect(success.content['application/json'].schema.$ref).toBe(componentRef(row.response));
      }
      if (row.body) expect(op.requestBody.content['application/json'].schema.$ref).toBe(componentRef(row.body));
      else expect(op.requestBody).toBeUndefined();
      const pathParams = op.parameters.filter((p: any) => p.in === 'path').map((p: any) => p.name);
      expect(pathParams).toEqual([...row.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
      expect(op.responses['401']).toEqual({ $ref: '#/components/responses/Error' });
    }
    expect(api.length).toBe(operations.length);
    expect(served.length).toBe(operations.length + adminOperations.length + fileRows.length);
  });

  it('describes query parameters from the query schemas (pagination included) and the bearer auth', async () => {
    const doc = await documentOf();
    const list = doc.paths['/v1/spaces/{spaceId}/change-requests'].get;
    expect(list.parameters.filter((p: any) => p.in === 'query').map((p: any) => p.name).sort())
      .toEqual(['contributor', 'creator', 'limit', 'page', 'requestedReviewer', 'status']);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.components.schemas['common.error'].required).toEqual(['error']);
  });

  it('says the published-URL lookups take no token (or one), as they answer', async () => {
    const doc = await documentOf();
    expect(doc.paths['/v1/urls/published'].post.security).toEqual([{}, { bearer: [] }]);
    expect(doc.paths['/v1/urls/published'].get.security).toEqual([{}, { bearer: [] }]);
    expect(doc.paths['/v1/urls/content'].get.security).toBeUndefined();
  });

  it('lists the admin API, and each admin row answers as described', async () => {
    const doc = await documentOf(t);
    for (const row of adminOperations) {
      expect(doc.paths[row.path][row.method.toLowerCase()].operationId).toBe(row.operationId);
      if (row.method !== 'GET' || row.path.includes('{')) continue;
      const res = await gb.fetch(`${row.path}`);
      expect(`${row.path} ${res.status}`).toBe(`${row.path} ${row.status}`);
    }
  });

  it('describes every route of the admin API and of the files the app serves, page files included', async () => {
    const doc = await documentOf(t);
    const served = gb.mock!.app.routes
      .filter((r) => /^\/__(admin|files)\//.test(r.path) && r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`);
    expect(served).toContain('GET /__admin/coverage');
    expect(served).toContain('GET /__admin/ui/{file}');
    expect(served).toContain('GET /__files/pdf/{spaceId}/{changeRequestId}/{file}');
    const described = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods as object).map((method) => `${method.toUpperCase()} ${path}`));
    expect([...new Set(served)].filter((route) => !described.includes(route))).toEqual([]);
    // The files need no token: a signed URL, or a download link anyone holding it may follow.
    const pdf = doc.paths['/__files/pdf/{spaceId}/{changeRequestId}/{file}'].get;
    expect(pdf).toMatchObject({ operationId: 'fileChangeRequestPdf', tags: ['files'], security: [{}] });
    expect(Object.keys(pdf.responses['200'].content)).toEqual(['application/pdf']);
    expect(doc.paths['/__files/uploads/{spaceId}/{fileId}/{name}'].get.security).toEqual([{}]);
  });

  it('has the method, path and operationId of the official document for every operation both serve', async () => {
    const ours = ourOperations(await documentOf());
    const theirs = officialOperations(official);
    const byId = new Map(theirs.map((o) => [o.operationId, o]));
    const byRoute = new Map(theirs.map((o) => [o.route, o]));
    const mismatches: string[] = [];
    let shared = 0;
    for (const op of ours) {
      const sameId = byId.get(op.operationId);
      const sameRoute = byRoute.get(op.route);
      if (sameId || sameRoute) shared++;
      if (sameId && sameId.route !== op.route) mismatches.push(`${op.operationId}: ours ${op.route}, official ${sameId.route}`);
      if (sameRoute && sameRoute.operationId !== op.operationId) mismatches.push(`${op.route}: ours ${op.operationId}, official ${sameRoute.operationId}`);
    }
    expect(mismatches).toEqual([]);
    expect(shared).toBeGreaterThan(100);
  });
});
