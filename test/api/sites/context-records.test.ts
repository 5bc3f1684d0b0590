/**
 * A site's context records name a real connection: those pushed through the API
 * (upsertSiteContextRecords) belong to the site's API connection (`builtin:api`), made by the
 * first push and listed, read and counted like any connection; a push again replaces a record,
 * never adds a second; deleting a connection takes its records, and the state still imports.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';
import { SITE, expectRefused } from './helpers.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const RECORDS = `${SITE}/context-records`;
const CONNECTIONS = `${SITE}/context-connections`;

const pushed = [
  { id: 'ticket-login', type: 'ticket', title: 'Cannot log in', body: 'Since Monday', url: 'https://support.acme.test/tickets/17' },
  { id: 'doc-runbook', type: 'document', title: 'Runbook', body: 'Steps' },
];

/** The site's connections of connector `builtin:api`. */
async function apiConnections() {
  const res = await t.call('reader', 'GET', CONNECTIONS);
  expectOfficial('listSiteContextConnections', 200, res.body);
  return (res.body.items as { id: string; connector: string; records: number }[]).filter((c) => c.connector === 'builtin:api');
}

describe('context records pushed through the API', () => {
  it('belong to the API connection the first push makes: listed, read by its own get, counted; a second push updates', async () => {
    expect(await apiConnections()).toEqual([]);
    expect((await t.call('admin', 'PUT', RECORDS, pushed)).status).toBe(204);

    const [api] = await apiConnections();
    expect(api).toMatchObject({ object: 'context-connection', status: 'succeeded', records: 2 });
    const got = await t.call('reader', 'GET', `${CONNECTIONS}/${api.id}`);
    expectOfficial('getSiteContextConnectionById', 200, got.body);
    expect(got.body).toMatchObject({ id: api.id, connector: 'builtin:api', records: 2 });

    const listed = await t.call('reader', 'GET', `${RECORDS}?connection=${api.id}`);
    expectOfficial('listSiteContextRecords', 200, listed.body);
    expect(listed.body.items.map((r: { id: string }) => r.id)).toEqual(['ticket-login', 'doc-runbook']);

    const record = await t.call('reader', 'GET', `${RECORDS}/ticket-login`);
    expectOfficial('getSiteContextRecordById', 200, record.body);
    expect(record.body).toMatchObject({ id: 'ticket-login', title: 'Cannot log in', type: 'ticket', connection: api.id, connector: 'builtin:api' });
    expect(record.body.urls.source).toBe(pushed[0].url);
    const location = new URL(record.body.urls.location).pathname;
    expect(location).toBe(`${t.path(RECORDS)}/ticket-login`);
    expect((await t.call('reader', 'GET', location)).body).toEqual(record.body);
    const runbook = (await t.call('reader', 'GET', `${RECORDS}/doc-runbook`)).body;
    expect(runbook.urls.source).toBeUndefined();

    // Pushed again: the same record, sent whole (the url left out is gone); the same connection, still 2 records.
    expect((await t.call('admin', 'PUT', RECORDS, [{ id: 'ticket-login', type: 'ticket', title: 'Cannot log in since Monday', body: 'Fixed?' }])).status).toBe(204);
    const again = (await t.call('reader', 'GET', `${RECORDS}/ticket-login`)).body;
    expect(again).toMatchObject({ title: 'Cannot log in since Monday', connection: api.id });
    expect(again.urls.source).toBeUndefined();
    expect(await apiConnections()).toEqual([expect.objectContaining({ id: api.id, records: 2 })]);
    expect((await t.call('reader', 'GET', `${RECORDS}?connector=builtin:api`)).body.items).toHaveLength(2);
  });

  it('come from no source the API connection could sync: its sync is a 400, another connection\'s starts (204)', async () => {
    await t.call('admin', 'PUT', RECORDS, pushed);
    const [api] = await apiConnections();
    const refused = await t.call('admin', 'POST', `${CONNECTIONS}/${api.id}/sync`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('builtin:api');
    expect((await t.call('admin', 'POST', `${CONNECTIONS}/{officialRecords.support-inbox}/sync`)).status).toBe(204);
    expect((await t.call('reader', 'POST', `${CONNECTIONS}/{officialRecords.support-inbox}/sync`)).status).toBe(403);
    expect((await t.call('admin', 'POST', `${CONNECTIONS}/{officialRecords.per-diem-ticket}/sync`)).status).toBe(404);
  });

  it('leave the scenario\'s records with their own connection, counted there', async () => {
    const inbox = t.id('officialRecords', 'support-inbox');
    const ticket = await t.call('reader', 'GET', `${RECORDS}/{officialRecords.per-diem-ticket}`);
    expectOfficial('getSiteContextRecordById', 200, ticket.body);
    expect(ticket.body).toMatchObject({ connection: inbox, connector: 'builtin:email' });
    const connection = await t.call('reader', 'GET', `${CONNECTIONS}/${inbox}`);
    expect(connection.body).toMatchObject({ connector: 'builtin:email', label: 'Support inbox', records: 1 });
    expect((await t.call('admin', 'PUT', RECORDS, pushed)).status).toBe(204);
    expect((await t.call('reader', 'GET', `${CONNECTIONS}/${inbox}`)).body.records).toBe(1);
    expect((await t.call('reader', 'GET', `${RECORDS}?connector=builtin:email`)).body.items.map((r: { id: string }) => r.id)).toEqual([ticket.body.id]);
  });

  it('go with their connection when it is deleted; the state still imports, and the next push makes a new one', async () => {
    await t.call('admin', 'PUT', RECORDS, pushed);
    const [api] = await apiConnections();
    expect((await t.call('admin', 'DELETE', `${CONNECTIONS}/${api.id}`)).status).toBe(205);
    expect((await t.call('reader', 'GET', `${CONNECTIONS}/${api.id}`)).status).toBe(404);
    expect((await t.call('reader', 'GET', `${RECORDS}/ticket-login`)).status).toBe(404);
    expect((await t.call('reader', 'GET', `${RECORDS}/{officialRecords.per-diem-ticket}`)).status).toBe(200);
    const exported = (await t.admin('GET', '/__admin/state')).body;
    const imported = await t.admin('PUT', '/__admin/state', exported);
    expect(imported.status, JSON.stringify(imported.body)).toBeLessThan(300);

    expect((await t.call('admin', 'PUT', RECORDS, pushed.slice(0, 1))).status).toBe(204);
    const [fresh] = await apiConnections();
    expect(fresh.id).not.toBe(api.id);
    expect(fresh.records).toBe(1);
  });

  it('are pushed by admins only, read by members; an id another family holds is a 409 and nothing changes', async () => {
    expect((await t.call('editor', 'PUT', RECORDS, pushed)).status).toBe(403);
    expect((await t.call('outsider', 'GET', RECORDS)).status).toBe(404);
    expect(await apiConnections()).toEqual([]);
    await expectRefused(t, 'PUT', RECORDS, [pushed[0], { ...pushed[1], id: t.id('officialRecords', 'support-inbox') }], 409);
  });
});
