/**
 * A row's `access` decides who may call it, not the path it sits under: the pipeline
 * (server/pipeline.ts) reads the access of the row the router matched before the row runs, and
 * before any session opens.
 */
import { describe, expect, it } from 'vitest';
import { createMock } from '../../../src/app.ts';
import { ACCESSES, op, rawReply, type RouteRow } from '../../../src/contract/operation.ts';
import { sign } from '../../../src/contract/signed-url.ts';

const CROSS_SITE = { origin: 'https://elsewhere.example' };

function mockWith(rows: RouteRow[]) {
  const mock = createMock({ scenario: 'empty' });
  mock.registrar.serve(rows, (_c, row, _input, exchange) => rawReply(`${row.operationId} in ${exchange.session}`));
  return mock;
}

const row = (operationId: string, path: string, access: RouteRow['access']): RouteRow => ({ operationId, method: 'GET', path, status: 200, access });

describe("a row's access", () => {
  it('admin: the admin gate refuses a page of another site, even outside /__admin', async () => {
    const mock = mockWith([row('closedFile', '/__files/closed', 'admin')]);
    const refused = await mock.fetch('http://localhost/__files/closed', { headers: CROSS_SITE });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toContain('does not answer pages of other sites');
    // In-process with no Origin is a caller of this machine: the gate lets it in.
    const open = await mock.fetch('http://localhost/__files/closed');
    expect(open.status).toBe(200);
    expect(await open.text()).toBe('closedFile in default');
  });

  it('public: open to anyone, even under /__admin, whose paths are otherwise the admin gate’s', async () => {
    const mock = mockWith([row('openPage', '/__admin/open', 'public')]);
    const open = await mock.fetch('http://localhost/__admin/open', { headers: CROSS_SITE });
    expect(open.status).toBe(200);
    expect(await open.text()).toBe('openPage in default');
    // A path beside it that no row serves keeps the admin API's gate.
    expect((await mock.fetch('http://localhost/__admin/closed', { headers: CROSS_SITE })).status).toBe(403);
  });

  it('signed URL: only the URL this server signed, and a refused one opens no session', async () => {
    const mock = mockWith([row('signedFile', '/__admin/signed', 'signed URL')]);
    const unsigned = await mock.fetch('http://localhost/__admin/signed?expires=2030-01-01', { headers: { 'x-mock-session': 'refused' } });
    expect(unsigned.status).toBe(403);
    expect((await unsigned.json()).error.message).toContain('not signed by this server');
    expect(mock.sessions.get('refused')).toBeUndefined();
    const url = sign(new URL('http://localhost/__admin/signed?expires=2030-01-01'));
    const signed = await mock.fetch(url, { headers: CROSS_SITE });
    expect(signed.status).toBe(200);
  });

  it('an API operation is a user row: register refuses one that says otherwise', () => {
    const mock = createMock({ scenario: 'empty' });
    const adminOperation = op({ operationId: 'notAUserRow', method: 'GET', path: '/v1/not-a-user-row', status: 200, access: 'admin', handle: () => ({}) });
    expect(() => mock.registrar.register([adminOperation])).toThrow('access "admin" is not an API operation\'s');
  });

  it('is said by every row: each route of the app is a row naming one, but the 405 of a known /v1 path', () => {
    const mock = createMock({ scenario: 'empty' });
    const rowPaths = new Set<string>();
    const accessOf = new Map<string, string>();
    const notRows: string[] = [];
    for (const { method, path, handler } of mock.app.routes) {
      const served = mock.registrar.pipeline.rowServedBy(handler);
      if (served) {
        rowPaths.add(path);
        accessOf.set(`${method} ${path}`, served.access);
      } else if (method !== 'ALL' || !path.startsWith('/v1')) notRows.push(`${method} ${path}`);
    }
    expect(notRows).toEqual([]);
    // The `app.all` routes left are the 405s, each on the path of a row (the pipeline is no middleware: it wraps each route).
    const catchAlls = mock.app.routes.filter((r) => r.method === 'ALL' && !mock.registrar.pipeline.rowServedBy(r.handler));
    expect(catchAlls.length).toBeGreaterThan(100);
    expect(catchAlls.filter((r) => !rowPaths.has(r.path)).map((r) => r.path)).toEqual([]);
    // Every row names an access the pipeline knows; the surfaces' rows say theirs.
    expect([...accessOf.values()].filter((access) => !(ACCESSES as readonly string[]).includes(access))).toEqual([]);
    expect(Object.fromEntries(accessOf)).toMatchObject({
      'GET /__admin/ui': 'admin',
      'GET /__admin/ui/:file': 'admin',
      'GET /__admin/openapi.json': 'admin',
      'GET /__files/pdf/:spaceId/:changeRequestId/:file': 'signed URL',
      'GET /__files/uploads/:spaceId/:fileId/:name': 'public',
    });
    // The API's operations are the users' (op() says so for them).
    expect([...accessOf].filter(([route, access]) => route.includes(' /v1') && access !== 'user')).toEqual([]);
    expect(accessOf.get('GET /v1/spaces/:spaceId')).toBe('user');
  });

  it('is refused when a row does not name one', () => {
    const mock = createMock({ scenario: 'empty' });
    const unsaid = { operationId: 'noAccess', method: 'GET', path: '/__admin/unsaid', status: 200 } as RouteRow;
    expect(() => mock.registrar.serve([unsaid], () => rawReply('never'))).toThrow('noAccess: a row names its access (user, admin, signed URL, public)');
  });
});
