import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTestMock } from '../helpers/mock.ts';
import { officialRoutes, officialRoutesModule } from '../../src/openapi/official-table.ts';
import { OFFICIAL_ROUTES } from '../../src/openapi/official-routes.ts';
import { operations, routedOperations } from '../../src/resources/index.ts';
import { routeKey } from '../../src/resources/unserved.ts';

const official = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@gitbook/api/spec/openapi.json'), 'utf8'));
const unserved = routedOperations.filter((row) => row.unserved);
const AGGREGATE = '/v1/spaces/{spaces.handbook}/permissions/aggregate';
/** An official GET the mock does not serve yet (none once every operation is served). */
const SAMPLE = unserved.find((row) => row.method === 'GET');

/** A concrete path for a template: every parameter a plain id. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'x1x');

describe('the official route table', () => {
  it('is src/openapi/official-routes.ts exactly as npm run official-routes writes it from @gitbook/api', () => {
    const file = readFileSync(fileURLToPath(new URL('../../src/openapi/official-routes.ts', import.meta.url)), 'utf8');
    expect(file).toBe(officialRoutesModule(officialRoutes(official)));
    expect(OFFICIAL_ROUTES).toHaveLength(377);
  });

  it('routes every official operation: served ones by their row, the others answer 501 naming the operationId', async () => {
    const t = createTestMock();
    const byId = new Map(routedOperations.map((row) => [row.operationId, row]));
    expect(unserved.length).toBe(377 - OFFICIAL_ROUTES.filter(([, m, p]) => operations.some((o) => routeKey(o.method, o.path) === routeKey(m, p))).length);
    for (const [operationId, method, path] of OFFICIAL_ROUTES) {
      const res = await t.call('admin', method, concrete(path), method === 'GET' || method === 'DELETE' ? undefined : {});
      const journal = await t.admin('GET', '/__admin/requests');
      const item = journal.body.items.at(-1);
      const row = byId.get(item.operationId);
      expect(row && routeKey(row.method, row.path), `${method} ${path}`).toBe(routeKey(method, path));
      if (row!.unserved) {
        expect(res.status).toBe(501);
        expect(res.body.error.code).toBe(501);
        expect(res.body.error.message).toContain(operationId);
      } else {
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
      }
    }
  }, 60_000);

  it('keeps 404 No route for paths in no official operation, and 405 for other methods on known paths', async () => {
    const t = createTestMock();
    const none = await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}/no-such-thing');
    expect(none.status).toBe(404);
    expect(none.body.error.message).toMatch(/^No route for GET/);
    const other = await t.call('admin', 'PUT', AGGREGATE, {});
    expect(other.status).toBe(405);
    expect(other.headers.get('allow')).toBe('GET');
  });

  it.skipIf(!SAMPLE)('asks for a token first: an unserved operation without one is 401', async () => {
    const t = createTestMock();
    const path = concrete(SAMPLE!.path);
    expect((await t.call(null, 'GET', path)).status).toBe(401);
    expect((await t.call('nobody-knows-this', 'GET', path)).status).toBe(401);
    expect((await t.call('reader', 'GET', path)).status).toBe(501);
  });

  it.skipIf(!SAMPLE)('counts a 501 in coverage, and a fault rule naming an unserved operationId matches it', async () => {
    const t = createTestMock();
    const path = concrete(SAMPLE!.path);
    expect((await t.call('reader', 'GET', path)).status).toBe(501);
    const report = (await t.admin('GET', '/__admin/coverage')).body;
    expect(report.operations.total).toBe(routedOperations.length);
    expect(report.operations.items.find((i: { operationId: string }) => i.operationId === SAMPLE!.operationId)).toMatchObject({ calls: 1, statuses: { 501: 1 } });
    const rule = await t.admin('POST', '/__admin/faults', { operationId: SAMPLE!.operationId, status: 503 });
    expect(rule.status).toBe(201);
    const faulted = await t.call('reader', 'GET', path);
    expect(faulted.status).toBe(503);
  });

  it.skipIf(!SAMPLE)('leaves unserved operations out of the mock\'s own OpenAPI document', async () => {
    const t = createTestMock();
    const doc = (await t.admin('GET', '/__admin/openapi.json')).body;
    const ids = Object.values<Record<string, { operationId?: string }>>(doc.paths).flatMap((item) => Object.values(item).map((o) => o.operationId));
    expect(ids).toContain('getSpaceById');
    for (const row of unserved) expect(ids).not.toContain(row.operationId);
  });
});
