/**
 * A state that can be handed over (issue 27): GET /__admin/state and named snapshots carry the
 * scenario, clock, manifest, seed and id counter beside the records, and PUT /__admin/state of
 * such an export restores all of it in another session or another server. In-process.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScenarioMock, createTestMock, type TestMock } from '../../../helpers/mock.ts';

async function admin(t: TestMock, method: string, path: string, session?: string, body?: unknown) {
  const headers: Record<string, string> = session ? { 'X-Mock-Session': session } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await t.mock.fetch(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Session `alice` on the trash scenario, three days on, clock stopped. */
async function alicesTrash(t: TestMock) {
  await admin(t, 'POST', '/__admin/scenarios/trash', 'alice');
  await admin(t, 'POST', '/__admin/clock', 'alice', { advance: 'P3D' });
  await admin(t, 'POST', '/__admin/clock', 'alice', { frozen: true });
  return (await admin(t, 'GET', '/__admin/state', 'alice')).body;
}

const comment = { body: { markdown: 'Seen on the handbook' } };

describe('an export carries what reproduces the state', () => {
  it('names its format, scenario, clock, manifest, seed and id counter beside the records', async () => {
    const t = createTestMock({ seed: 4 });
    const exported = await alicesTrash(t);
    expect(exported).toMatchObject({
      format: 2,
      scenario: 'trash',
      clock: { now: '2026-01-04T00:00:00.000Z', frozen: true },
      manifest: { scenario: 'trash', ids: { spaces: { 'deleted-3d': expect.any(String) } } },
      seed: 4,
      idPosition: 0,
    });
    expect(exported.spaces.length).toBeGreaterThan(3);
  });

  it('imported into another session, restores its scenario, clock, manifest and reset point', async () => {
    const t = createTestMock();
    const exported = await alicesTrash(t);
    expect((await admin(t, 'PUT', '/__admin/state', 'bob', exported)).status).toBe(200);

    expect((await admin(t, 'GET', '/__admin/health', 'bob')).body).toMatchObject({ scenario: 'trash', now: '2026-01-04T00:00:00.000Z' });
    expect((await admin(t, 'GET', '/__admin/clock', 'bob')).body).toEqual({ now: '2026-01-04T00:00:00.000Z', frozen: true });
    const manifest = (await admin(t, 'GET', '/__admin/manifest', 'bob')).body;
    expect(manifest).toEqual(exported.manifest);
    expect((await admin(t, 'GET', '/__admin/sessions')).body.items.find((s: { name: string }) => s.name === 'bob').scenario).toBe('trash');
    // Reset goes back to the trash scenario as loaded, not to bob's starter.
    const reset = await admin(t, 'POST', '/__admin/reset', 'bob');
    expect(reset.body.scenario).toBe('trash');
    expect((await admin(t, 'GET', '/__admin/clock', 'bob')).body.now).toBe('2026-01-01T00:00:00.000Z');
    const space = manifest.ids.spaces['deleted-3d'];
    const read = await t.call('admin', 'GET', `/v1/spaces/${space}`, undefined, { 'X-Mock-Session': 'bob' });
    expect(read.body.deletedAt).toBeDefined();
  });

  it('imported into another server (another seed, another scenario), makes the ids the exporting session makes next', async () => {
    const from = createTestMock({ seed: 9 });
    const space = from.id('spaces', 'handbook');
    await from.call('editor', 'POST', `/v1/spaces/${space}/comments`, comment);
    const exported = (await admin(from, 'GET', '/__admin/state')).body;
    expect(exported.idPosition).toBeGreaterThan(0);

    const to = createTestMock({ scenario: 'empty' });
    expect((await admin(to, 'PUT', '/__admin/state', undefined, exported)).status).toBe(200);
    expect((await admin(to, 'GET', '/__admin/health')).body.scenario).toBe('starter');
    const there = await to.call(exported.manifest.tokens.editor, 'POST', `/v1/spaces/${space}/comments`, comment);
    const here = await from.call('editor', 'POST', `/v1/spaces/${space}/comments`, comment);
    expect(there.status).toBe(200);
    expect(there.body.id).toBe(here.body.id);
    // A reset there rebuilds starter with the export's seed: the filler is the exporting server's.
    await admin(to, 'POST', '/__admin/reset');
    await admin(from, 'POST', '/__admin/reset');
    expect((await admin(to, 'GET', '/__admin/state')).body).toEqual((await admin(from, 'GET', '/__admin/state')).body);
    expect(createTestMock({ seed: 0 }).mock.runtime.exportState()).not.toEqual(to.mock.runtime.exportState());
  });

  it('a named snapshot carries it too', async () => {
    const t = createTestMock();
    await alicesTrash(t);
    expect((await admin(t, 'PUT', '/__admin/snapshots/three-days', 'alice')).status).toBe(201);
    expect((await admin(t, 'POST', '/__admin/snapshots/three-days/load', 'bob')).status).toBe(200);
    expect((await admin(t, 'GET', '/__admin/health', 'bob')).body).toMatchObject({ scenario: 'trash', now: '2026-01-04T00:00:00.000Z' });
    expect((await admin(t, 'GET', '/__admin/manifest', 'bob')).body.scenario).toBe('trash');
  });

  it('from a server with a scenario this one lacks: resets to the state as imported, and survives a --data restart', async () => {
    const custom = createScenarioMock('my-org', { description: 'One more space', extends: 'starter', spaces: [{ key: 'mine', organization: 'acme', title: 'Mine' }] });
    const exported = (await admin(custom, 'GET', '/__admin/state')).body;
    const file = join(mkdtempSync(join(tmpdir(), 'gitbook-mock-handover-')), 'state.json');
    const t = createTestMock({ dataFile: file });
    expect((await admin(t, 'PUT', '/__admin/state', undefined, exported)).status).toBe(200);
    expect((await admin(t, 'GET', '/__admin/health')).body.scenario).toBe('my-org');
    const mine = exported.manifest.ids.spaces.mine;
    await t.call(exported.manifest.tokens.admin, 'DELETE', `/v1/spaces/${mine}`);
    expect((await admin(t, 'POST', '/__admin/reset')).body.ids.spaces.mine).toBe(mine);
    expect((await t.call(exported.manifest.tokens.admin, 'GET', `/v1/spaces/${mine}`)).body.deletedAt).toBeUndefined();

    const again = createTestMock({ dataFile: file });
    expect((await admin(again, 'GET', '/__admin/health')).body.scenario).toBe('my-org');
    expect((await admin(again, 'GET', '/__admin/state')).body).toEqual((await admin(t, 'GET', '/__admin/state')).body);
  });
});

describe('imports it refuses or takes as before', () => {
  it('an export without the head (an older one) still imports: the session keeps its scenario and clock', async () => {
    const t = createTestMock();
    const { format, scenario, clock, manifest, seed, idPosition, ...records } = await alicesTrash(t);
    expect(format).toBe(2);
    expect((await admin(t, 'PUT', '/__admin/state', 'bob', records)).status).toBe(200);
    expect((await admin(t, 'GET', '/__admin/health', 'bob')).body).toMatchObject({ scenario: 'starter', now: '2026-01-01T00:00:00.000Z' });
    expect((await admin(t, 'GET', '/__admin/state', 'bob')).body.spaces).toEqual(records.spaces);
  });

  it.each([
    ['a head without its clock', (s: Record<string, unknown>) => void delete s.clock, 'Invalid state: state.clock is required beside state.format'],
    ['a clock that is not a time', (s: Record<string, any>) => void (s.clock.now = 'soon'), 'Invalid state: state.clock.now must match format "date-time"'],
    ['a newer format', (s: Record<string, unknown>) => void (s.format = 3), 'Invalid state: state.format is 3, made by a newer gitbook-mock; this one reads formats up to 2'],
  ])('refuses %s with a 400 naming it, and changes nothing', async (_, spoil, message) => {
    const t = createTestMock();
    const exported = await alicesTrash(t);
    spoil(exported);
    await admin(t, 'DELETE', '/__admin/requests', 'bob'); // starts session bob
    const before = (await admin(t, 'GET', '/__admin/state', 'bob')).body;
    const res = await admin(t, 'PUT', '/__admin/state', 'bob', exported);
    expect(res).toMatchObject({ status: 400, body: { error: { message } } });
    expect((await admin(t, 'GET', '/__admin/state', 'bob')).body).toEqual(before);
  });
});
