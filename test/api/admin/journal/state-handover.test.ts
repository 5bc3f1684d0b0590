/**
 * A state that can be handed over (issue 27): GET /__admin/state and named snapshots carry the
 * scenario, clock, manifest, seed and id counter beside the records, and PUT /__admin/state of
 * such an export restores all of it in another session or another server. In-process.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useGitBookMock, type GitBookMock } from '../../../../src/vitest/index.ts';
import { callsOn, clearKept } from '../../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);
// Each test expects a mock as new: no session (alice, bob) left by the one before.
beforeEach(() => clearKept(t));

async function admin(gb: GitBookMock, method: string, path: string, session?: string, body?: unknown) {
  const headers: Record<string, string> = session ? { 'X-Mock-Session': session } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await gb.fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Session `alice` on the trash scenario, three days on, clock stopped. */
async function alicesTrash(gb: GitBookMock) {
  await admin(gb, 'POST', '/__admin/scenarios/trash', 'alice');
  await admin(gb, 'POST', '/__admin/clock', 'alice', { advance: 'P3D' });
  await admin(gb, 'POST', '/__admin/clock', 'alice', { frozen: true });
  return (await admin(gb, 'GET', '/__admin/state', 'alice')).body;
}

const comment = { body: { markdown: 'Seen on the handbook' } };

describe('an export carries what reproduces the state', () => {
  describe('of seed 4', () => {
    const gb = useGitBookMock({ seed: 4, wallClock: () => 0 });

    it('names its format, scenario, clock, manifest, seed and id counter beside the records', async () => {
      const exported = await alicesTrash(gb);
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
  });

  it('imported into another session, restores its scenario, clock, manifest and reset point', async () => {
    const exported = await alicesTrash(gb);
    expect((await admin(gb, 'PUT', '/__admin/state', 'bob', exported)).status).toBe(200);

    expect((await admin(gb, 'GET', '/__admin/health', 'bob')).body).toMatchObject({ scenario: 'trash', now: '2026-01-04T00:00:00.000Z' });
    expect((await admin(gb, 'GET', '/__admin/clock', 'bob')).body).toEqual({ now: '2026-01-04T00:00:00.000Z', frozen: true });
    const manifest = (await admin(gb, 'GET', '/__admin/manifest', 'bob')).body;
    expect(manifest).toEqual(exported.manifest);
    expect((await admin(gb, 'GET', '/__admin/sessions')).body.items.find((s: { name: string }) => s.name === 'bob').scenario).toBe('trash');
    // Reset goes back to the trash scenario as loaded, not to bob's starter.
    const reset = await admin(gb, 'POST', '/__admin/reset', 'bob');
    expect(reset.body.scenario).toBe('trash');
    expect((await admin(gb, 'GET', '/__admin/clock', 'bob')).body.now).toBe('2026-01-01T00:00:00.000Z');
    const space = manifest.ids.spaces['deleted-3d'];
    const read = await t.call('admin', 'GET', `/v1/spaces/${space}`, undefined, { 'X-Mock-Session': 'bob' });
    expect(read.body.deletedAt).toBeDefined();
  });

  describe('between two servers', () => {
    const fromGb = useGitBookMock({ seed: 9, wallClock: () => 0 });
    const from = callsOn(fromGb);
    const toGb = useGitBookMock({ scenario: 'empty', wallClock: () => 0 });
    const to = callsOn(toGb);
    const seedZero = useGitBookMock({ seed: 0, wallClock: () => 0 });

    it('imported into another server (another seed, another scenario), makes the ids the exporting session makes next', async () => {
      const space = fromGb.id('spaces', 'handbook');
      await from.call('editor', 'POST', `/v1/spaces/${space}/comments`, comment);
      const exported = (await admin(fromGb, 'GET', '/__admin/state')).body;
      expect(exported.idPosition).toBeGreaterThan(0);

      expect((await admin(toGb, 'PUT', '/__admin/state', undefined, exported)).status).toBe(200);
      expect((await admin(toGb, 'GET', '/__admin/health')).body.scenario).toBe('starter');
      const there = await to.call(exported.manifest.tokens.editor, 'POST', `/v1/spaces/${space}/comments`, comment);
      const here = await from.call('editor', 'POST', `/v1/spaces/${space}/comments`, comment);
      expect(there.status).toBe(200);
      expect(there.body.id).toBe(here.body.id);
      // A reset there rebuilds starter with the export's seed: the filler is the exporting server's.
      await admin(toGb, 'POST', '/__admin/reset');
      await admin(fromGb, 'POST', '/__admin/reset');
      expect((await admin(toGb, 'GET', '/__admin/state')).body).toEqual((await admin(fromGb, 'GET', '/__admin/state')).body);
      expect(seedZero.mock!.runtime.exportState()).not.toEqual(toGb.mock!.runtime.exportState());
    });
  });

  it('a named snapshot carries it too', async () => {
    await alicesTrash(gb);
    expect((await admin(gb, 'PUT', '/__admin/snapshots/three-days', 'alice')).status).toBe(201);
    expect((await admin(gb, 'POST', '/__admin/snapshots/three-days/load', 'bob')).status).toBe(200);
    expect((await admin(gb, 'GET', '/__admin/health', 'bob')).body).toMatchObject({ scenario: 'trash', now: '2026-01-04T00:00:00.000Z' });
    expect((await admin(gb, 'GET', '/__admin/manifest', 'bob')).body.scenario).toBe('trash');
  });
});

describe('imports it refuses or takes as before', () => {
  it('an export without the head (an older one) still imports: the session keeps its scenario and clock', async () => {
    const { format, scenario, clock, manifest, seed, idPosition, ...records } = await alicesTrash(gb);
    expect(format).toBe(2);
    expect((await admin(gb, 'PUT', '/__admin/state', 'bob', records)).status).toBe(200);
    expect((await admin(gb, 'GET', '/__admin/health', 'bob')).body).toMatchObject({ scenario: 'starter', now: '2026-01-01T00:00:00.000Z' });
    expect((await admin(gb, 'GET', '/__admin/state', 'bob')).body.spaces).toEqual(records.spaces);
  });

  it.each([
    ['a head without its clock', (s: Record<string, unknown>) => void delete s.clock, 'Invalid state: state.clock is required beside state.format'],
    ['a clock that is not a time', (s: Record<string, any>) => void (s.clock.now = 'soon'), 'Invalid state: state.clock.now must match format "date-time"'],
    ['a newer format', (s: Record<string, unknown>) => void (s.format = 3), 'Invalid state: state.format is 3, made by a newer gitbook-mock; this one reads formats up to 2'],
  ])('refuses %s with a 400 naming it, and changes nothing', async (_, spoil, message) => {
    const exported = await alicesTrash(gb);
    spoil(exported);
    await admin(gb, 'DELETE', '/__admin/requests', 'bob'); // starts session bob
    const before = (await admin(gb, 'GET', '/__admin/state', 'bob')).body;
    const res = await admin(gb, 'PUT', '/__admin/state', 'bob', exported);
    expect(res).toMatchObject({ status: 400, body: { error: { message } } });
    expect((await admin(gb, 'GET', '/__admin/state', 'bob')).body).toEqual(before);
  });
});
