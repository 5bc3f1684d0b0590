import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { officialRoutes, officialRoutesModule } from '../../../src/contract/official-table.ts';
import { OFFICIAL_ROUTES } from '../../../src/contract/official-routes.ts';
import { operations, routedOperations } from '../../../src/resources/index.ts';
import { routeKey } from '../../../src/resources/unserved.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const official = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@gitbook/api/spec/openapi.json'), 'utf8'));
const generic = routedOperations.filter((row) => row.generic);
const AGGREGATE = '/v1/spaces/{spaces.handbook}/permissions/aggregate';
/** An official GET of the generic tier (src/resources/generic/) under an organization. */
const SAMPLE = generic.find((row) => row.method === 'GET' && row.generic === 'computed' && /^\/v1\/orgs\/\{organizationId\}\/[a-z-]+$/.test(row.path));
const sampleFor = (t: Calls) => SAMPLE!.path.replace('{organizationId}', gb.id('organizations', 'acme'));

/** A concrete path for a template: every parameter a plain id. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'x1x');

describe('the official route table', () => {
  it('is src/contract/official-routes.ts exactly as npm run official-routes writes it from @gitbook/api', () => {
    const file = readFileSync(fileURLToPath(new URL('../../../src/contract/official-routes.ts', import.meta.url)), 'utf8');
    expect(file).toBe(officialRoutesModule(officialRoutes(official)));
    expect(OFFICIAL_ROUTES).toHaveLength(377);
  });

  it('routes every official operation: hand-written ones by their row, the others by the generic tier, none 501', async () => {
    const byId = new Map(routedOperations.map((row) => [row.operationId, row]));
    expect(routedOperations.filter((row) => row.status === 501).map((row) => row.operationId)).toEqual([]);
    expect(generic.length).toBe(377 - OFFICIAL_ROUTES.filter(([, m, p]) => operations.some((o) => routeKey(o.method, o.path) === routeKey(m, p))).length);
    for (const [operationId, method, path] of OFFICIAL_ROUTES) {
      const res = await t.call('admin', method, concrete(path), method === 'GET' || method === 'DELETE' ? undefined : {});
      const journal = await t.admin('GET', '/__admin/requests');
      const item = journal.body.items.at(-1);
      const row = byId.get(item.operationId);
      expect(row && routeKey(row.method, row.path), `${method} ${path}`).toBe(routeKey(method, path));
      expect(res.status, `${method} ${path} (${operationId})`).toBeLessThan(500);
      if (res.status === 404) expect(res.body.error.message).not.toMatch(/^No route/);
    }
  }, 60_000);

  it('keeps 404 No route for paths in no official operation, and 405 for other methods on known paths', async () => {
    const none = await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}/no-such-thing');
    expect(none.status).toBe(404);
    expect(none.body.error.message).toMatch(/^No route for GET/);
    const other = await t.call('admin', 'PUT', AGGREGATE, {});
    expect(other.status).toBe(405);
    expect(other.headers.get('allow')).toBe('GET');
  });

  it.skipIf(!SAMPLE)('asks for a token first: a generic operation without one is 401', async () => {
    const path = sampleFor(t);
    expect((await t.call(null, 'GET', path)).status).toBe(401);
    expect((await t.call('nobody-knows-this', 'GET', path)).status).toBe(401);
    expect((await t.call('reader', 'GET', path)).status).toBe(200);
  });

  it.skipIf(!SAMPLE)('counts a generic operation in coverage, and a fault rule naming its operationId matches it', async () => {
    const path = sampleFor(t);
    await t.admin('DELETE', '/__admin/coverage'); // the coverage of this file's earlier tests
    expect((await t.call('reader', 'GET', path)).status).toBe(200);
    const report = (await t.admin('GET', '/__admin/coverage')).body;
    expect(report.operations.total).toBe(routedOperations.length);
    expect(report.operations.items.find((i: { operationId: string }) => i.operationId === SAMPLE!.operationId)).toMatchObject({ calls: 1, statuses: { 200: 1 } });
    const rule = await t.admin('POST', '/__admin/faults', { operationId: SAMPLE!.operationId, status: 503 });
    expect(rule.status).toBe(201);
    const faulted = await t.call('reader', 'GET', path);
    expect(faulted.status).toBe(503);
  });

  it('describes every official operation in the mock\'s own OpenAPI document, generic ones included', async () => {
    const doc = (await t.admin('GET', '/__admin/openapi.json')).body;
    const ids = Object.values<Record<string, { operationId?: string }>>(doc.paths).flatMap((item) => Object.values(item).map((o) => o.operationId));
    for (const [operationId] of OFFICIAL_ROUTES) expect(ids).toContain(operationId);
  });
});
