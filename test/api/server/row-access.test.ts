/**
 * A row's `access` decides who may call it, not the path it sits under: the pipeline
 * (build-mock.ts) reads the access of the row the router matched before the row runs, and
 * before any session opens.
 */
import { describe, expect, it } from 'vitest';
import { createMock } from '../../../src/app.ts';
import { register, registerRows } from '../../../src/server/registrar.ts';
import { op, rawReply, type RouteRow } from '../../../src/contract/operation.ts';
import { sign } from '../../../src/contract/signed-url.ts';

const CROSS_SITE = { origin: 'https://elsewhere.example' };

function mockWith(rows: RouteRow[]) {
  const mock = createMock({ scenario: 'empty' });
  registerRows(mock.app, rows, (_c, row, _input, exchange) => rawReply(`${row.operationId} in ${exchange.session}`));
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
    expect(() => register(mock.app, [adminOperation])).toThrow('access "admin" is not an API operation\'s');
  });
});
