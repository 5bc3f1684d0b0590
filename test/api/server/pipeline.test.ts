/**
 * The pipeline's steps do what the row the route serves says (server/pipeline.ts), wherever
 * the row sits: how large its body may be, how its session is opened, whether the journal
 * keeps it. Rows of the test's own, under /__files, where no path of the mock decides these.
 */
import { describe, expect, it } from 'vitest';
import { createMock } from '../../../src/app.ts';
import type { RouteRow } from '../../../src/contract/operation.ts';

function mockWith(rows: RouteRow[]) {
  const mock = createMock({ scenario: 'empty' });
  mock.registrar.serve(rows, (_c, row, _input, exchange) => ({ row: row.operationId, body: exchange.text ?? null }));
  return mock;
}

const row = (operationId: string, extra: Partial<RouteRow> = {}): RouteRow => ({ operationId, method: 'POST', path: `/__files/${operationId}`, status: 200, access: 'public', ...extra });

describe('the pipeline, as the row says', () => {
  it('refuses a body past the row’s maxBody with 413 and the error body, and takes it under the default limit', async () => {
    const mock = mockWith([row('small', { maxBody: 10 }), row('usual')]);
    const body = 'x'.repeat(20);
    const refused = await mock.fetch('http://localhost/__files/small', { method: 'POST', body });
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ error: { code: 413, message: 'Request body is larger than 10 bytes' } });
    const taken = await mock.fetch('http://localhost/__files/usual', { method: 'POST', body });
    expect(taken.status).toBe(200);
    expect(await taken.json()).toEqual({ row: 'usual', body });
  });

  it('opens the session the request names as the row says: `open` creates it, `none` and `existing` do not', async () => {
    const mock = mockWith([row('opens'), row('sessionless', { session: 'none' }), row('ifThere', { session: 'existing' })]);
    const named = (name: string) => ({ method: 'POST', headers: { 'x-mock-session': name } });
    expect((await mock.fetch('http://localhost/__files/sessionless', named('ghost'))).status).toBe(200);
    expect((await mock.fetch('http://localhost/__files/ifThere', named('ghost'))).status).toBe(200);
    expect(mock.sessions.get('ghost')).toBeUndefined();
    expect((await mock.fetch('http://localhost/__files/opens', named('ghost'))).status).toBe(200);
    expect(mock.sessions.get('ghost')?.requests).toBe(1);
    // Now that it exists, `existing` opens it (and counts the request).
    await mock.fetch('http://localhost/__files/ifThere', named('ghost'));
    expect(mock.sessions.get('ghost')?.requests).toBe(2);
  });

  it('journals the requests of a row that is `journaled`, and only those', async () => {
    const mock = mockWith([row('kept', { journaled: true }), row('unkept')]);
    await mock.fetch('http://localhost/__files/kept', { method: 'POST', body: 'a' });
    await mock.fetch('http://localhost/__files/unkept', { method: 'POST', body: 'b' });
    const { items } = (await (await mock.fetch('http://localhost/__admin/requests')).json()) as { items: { path: string; status: number; body?: string }[] };
    expect(items.map((entry) => entry.path)).toEqual(['/__files/kept']);
    expect(items[0]).toMatchObject({ status: 200, body: 'a' });
  });
});
