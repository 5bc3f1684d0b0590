/** Audit events: every write in an organization leaves one (actor, action, target); refusals and reads none. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);
const ORG = '/v1/orgs/{organizations.acme}';

const events = async () => (await t.call('admin', 'GET', `${ORG}/audit-events`)).body.items as { id: string; action: string; actor: { type: string; id: string; label?: string }; target: { type: string; id: string; label?: string } }[];

describe('audit events', () => {
  it('records the writes actually made, newest first, with who made them and what they changed', async () => {
    // What the scenario already holds (starter seeds one event) stays; the writes below come on top.
    const seeded = new Set((await events()).map((e) => e.id));
    const fresh = (items: Awaited<ReturnType<typeof events>>) => items.filter((e) => !seeded.has(e.id));
    const team = await t.call('admin', 'PUT', `${ORG}/teams`, { title: 'Support' });
    expect(team.status).toBe(201);
    expect((await t.call('editor', 'POST', '/v1/spaces/{spaces.handbook}/change-requests', { subject: 'Holiday policy' })).status).toBe(201);
    await t.call('reader', 'GET', `${ORG}/teams`);
    expect((await t.call('reader', 'PATCH', '/v1/spaces/{spaces.handbook}', { title: 'Refused' })).status).toBe(403);

    const res = await t.call('admin', 'GET', `${ORG}/audit-events`);
    expect(res.status).toBe(200);
    expectOfficial('listOrganizationAuditEvents', 200, res.body);
    expect(fresh(res.body.items).map((e) => e.action)).toEqual(['createChangeRequest', 'createOrganizationTeam']);
    const [edit, created] = fresh(res.body.items);
    expect(edit).toMatchObject({
      object: 'audit-event',
      occurredAt: '2026-01-01T00:00:00.000Z',
      source: 'api',
      actor: { type: 'user', id: gb.id('users', 'editor'), label: 'Eli Brooks' },
      target: { type: 'change-request', label: 'Holiday policy' },
    });
    expect(created.target).toEqual({ type: 'team', id: team.body.id, label: 'Support' });

    const one = await t.call('admin', 'GET', `${ORG}/audit-events/${edit.id}`);
    expectOfficial('getOrganizationAuditEvent', 200, one.body);
    expect(one.body).toEqual({ ...edit, schemaVersion: 1, payload: { spaceId: gb.id('spaces', 'handbook') } });
    const filtered = await t.call('admin', 'GET', `${ORG}/audit-events?actor=${gb.id('users', 'admin')}`);
    expect(fresh(filtered.body.items).map((e) => e.action)).toEqual(['createOrganizationTeam']);
    expect((await t.call('admin', 'GET', `${ORG}/audit-events?target=${team.body.id}`)).body.items).toHaveLength(1);
    expect((await t.call('admin', 'GET', `${ORG}/audit-events?action=deleteOrganizationTeam`)).body.items).toEqual([]);
  });

  it('names an integration as the actor of what its token does, and records a new organization in it', async () => {
    await t.call(gb.manifest.integrationTokens['docs-bot'], 'POST', '/v1/integrations/docs-bot/tasks', { task: {} });
    expect((await events())[0]).toMatchObject({ action: 'queueIntegrationTask', actor: { type: 'integration', id: 'docs-bot', label: 'Docs bot' } });
    const org = await t.call('outsider', 'POST', '/v1/orgs', { title: 'Fresh' });
    const fresh = await t.call('outsider', 'GET', `/v1/orgs/${org.body.id}/audit-events`);
    expect(fresh.body.items).toHaveLength(1);
    expect(fresh.body.items[0]).toMatchObject({ action: 'createOrganization', target: { type: 'organization', id: org.body.id, label: 'Fresh' } });
  });

  it('records a removal in the organization the removed thing was in', async () => {
    const collection = await t.call('admin', 'POST', `${ORG}/collections`, { title: 'Old' });
    expect((await t.call('admin', 'DELETE', `/v1/collections/${collection.body.id}`)).status).toBeLessThan(300);
    expect((await events())[0]).toMatchObject({ action: 'deleteCollectionById', target: { type: 'collection', id: collection.body.id } });
    await t.call('admin', 'POST', '/v1/integrations/docs-bot/tasks', { task: {} });
    expect((await t.call('admin', 'DELETE', '/v1/integrations/docs-bot')).status).toBe(205);
    expect((await events())[0]).toMatchObject({ action: 'unpublishIntegration', target: { type: 'integration', id: 'docs-bot' } });
  });

  it('takes no id an imported state holds: records imported without their id counter, then writes (each made an id of the last run)', async () => {
    const path = '/v1/spaces/{spaces.handbook}/comments';
    const posted = await t.call('commenter', 'POST', path, { body: { markdown: 'First' } });
    const { format, scenario, clock, manifest, seed, idPosition, ...records } = (await t.admin('GET', '/__admin/state')).body;
    expect(idPosition).toBeGreaterThan(0);
    await t.admin('POST', '/__admin/reset');
    expect((await t.admin('PUT', '/__admin/state', records)).status).toBeLessThan(300);
    const before = new Set((await events()).map((e) => e.id));
    for (const markdown of ['Second', 'Third']) expect((await t.call('commenter', 'PUT', `${path}/${posted.body.id}`, { body: { markdown } })).status).toBe(200);
    const after = await events();
    expect(after.filter((e) => !before.has(e.id)).map((e) => e.action)).toEqual(['updateCommentInSpace', 'updateCommentInSpace']);
    expect(new Set(after.map((e) => e.id)).size).toBe(after.length);
  });

  it('are read by admins only (403), not by strangers (404); an unknown id is 404', async () => {
    expect((await t.call('reader', 'GET', `${ORG}/audit-events`)).status).toBe(403);
    expect((await t.call('outsider', 'GET', `${ORG}/audit-events`)).status).toBe(404);
    expect((await t.call('admin', 'GET', `${ORG}/audit-events/00000000-0000-0000-0000-000000000000`)).status).toBe(404);
  });

  it('lists the actions it records: the writing operations', async () => {
    const res = await t.call('admin', 'GET', `${ORG}/audit-event-actions`);
    expect(res.status).toBe(200);
    expectOfficial('listOrganizationAuditEventActions', 200, res.body);
    expect(res.body.items).toContainEqual({ object: 'audit-event-action', id: 'createOrganizationTeam', label: 'Create organization team' });
    expect(res.body.items.map((a: { id: string }) => a.id)).not.toContain('listOrganizationTeams');
  });
});
