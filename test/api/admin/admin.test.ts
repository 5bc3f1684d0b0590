import { beforeEach, describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, clearKept } from '../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);
// Each test expects a mock as new: no journal or session left by the one before.
beforeEach(() => clearKept(t));

describe('admin API', () => {
  it('reports health with the scenario and the virtual now', async () => {
    const res = await t.admin('GET', '/__admin/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', scenario: 'starter', now: '2026-01-01T00:00:00.000Z' });
  });

  it('lists the built-in scenarios with descriptions', async () => {
    const res = await t.admin('GET', '/__admin/scenarios');
    const names = res.body.items.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['empty', 'starter']));
    for (const item of res.body.items) expect(item.description.length).toBeGreaterThan(0);
  });

  describe('on a mock of its own', () => {
    // A load changes what later resets go back to.
    const gb = useGitBookMock({ wallClock: () => 0 });
    const t = callsOn(gb);

    it('loads a scenario, replacing the whole state, and answers its manifest', async () => {
      // Taken before the load: the handle's manifest follows the load.
      const oldToken = gb.token('admin');
      const res = await t.admin('POST', '/__admin/scenarios/empty');
      expect(res.status).toBe(200);
      expect(res.body.scenario).toBe('empty');
      expect(Object.keys(res.body.tokens)).toEqual(['admin']);
      const old = await t.call(oldToken, 'GET', '/v1/orgs');
      expect(old.status).toBe(401);
      const fresh = await t.call(res.body.tokens.admin, 'GET', '/v1/orgs');
      expect(fresh.body.items.map((o: { id: string }) => o.id)).toEqual([res.body.ids.organizations.org]);
      expect((await t.admin('GET', '/__admin/health')).body.scenario).toBe('empty');
    });
  });

  it('answers 404 for an unknown scenario and changes nothing', async () => {
    const res = await t.admin('POST', '/__admin/scenarios/no-such-scenario');
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 404, message: expect.stringContaining('no-such-scenario') });
    expect((await t.admin('GET', '/__admin/health')).body.scenario).toBe('starter');
    expect((await t.call('admin', 'GET', '/v1/orgs')).status).toBe(200);
  });

  it('resets state and clock to just after the last load', async () => {
    const before = await t.admin('GET', '/__admin/state');
    await t.admin('POST', '/__admin/clock', { advance: 'P3D' });
    const patched = await t.admin('PUT', '/__admin/state', { ...before.body, organizations: before.body.organizations.map((o: object) => ({ ...o, title: 'Changed' })) });
    expect(patched.status).toBe(200);
    const res = await t.admin('POST', '/__admin/reset');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(gb.manifest);
    expect((await t.admin('GET', '/__admin/state')).body).toEqual(before.body);
    expect((await t.admin('GET', '/__admin/clock')).body.now).toBe(gb.manifest.now);
  });

  describe('with a mock of the empty scenario', () => {
    const other = callsOn(useGitBookMock({ scenario: 'empty', wallClock: () => 0 }));

    it('exports the state and takes it back', async () => {
      const state = (await t.admin('GET', '/__admin/state')).body;
      // The seven people of the manifest, and the users of the docs-bot integration and of its installation.
      expect(state.users).toHaveLength(9);
      expect((await other.admin('PUT', '/__admin/state', state)).status).toBe(200);
      expect((await other.admin('GET', '/__admin/state')).body).toEqual(state);
      expect((await other.call(gb.manifest.tokens.admin, 'GET', '/v1/orgs')).status).toBe(200);
    });
  });

  it.each([
    ['a missing collection', (s: any) => { delete s.users; }, 'users'],
    ['a record of the wrong shape', (s: any) => { s.spaces[0].visibility = 'everyone'; }, 'state.spaces[0].visibility'],
    ['a dangling reference', (s: any) => { s.members[1].organization = 'nope'; }, 'state.members[1].organization'],
    ['a duplicate id', (s: any) => { s.teams.push(s.teams[0]); }, 'state.teams[1].id'],
  ])('refuses a state with %s, naming the path, and changes nothing', async (_name, spoil, path) => {
    const state = (await t.admin('GET', '/__admin/state')).body;
    const bad = structuredClone(state);
    spoil(bad);
    const res = await t.admin('PUT', '/__admin/state', bad);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(path);
    expect((await t.admin('GET', '/__admin/state')).body).toEqual(state);
  });

  it('refuses a state body that is not JSON', async () => {
    const res = await t.admin('PUT', '/__admin/state', '{"users": [');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/Malformed JSON/);
  });

  describe('clock', () => {
    it('starts at the scenario now, not frozen', async () => {
      expect((await t.admin('GET', '/__admin/clock')).body).toEqual({ now: '2026-01-01T00:00:00.000Z', frozen: false });
    });

    it.each([
      [{ advance: 'P7D' }, '2026-01-08T00:00:00.000Z'],
      [{ advance: 'PT1H30M' }, '2026-01-01T01:30:00.000Z'],
      [{ advance: 90_000 }, '2026-01-01T00:01:30.000Z'],
      [{ advance: '-P1D' }, '2025-12-31T00:00:00.000Z'],
      [{ now: '2027-03-04T05:06:07.000Z' }, '2027-03-04T05:06:07.000Z'],
    ])('moves with %j', async (change, expected) => {
      const res = await t.admin('POST', '/__admin/clock', change);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ now: expected, frozen: false });
      expect((await t.admin('GET', '/__admin/health')).body.now).toBe(expected);
    });

    describe('on a wall clock the test moves', () => {
      let wall = 0;
      const t = callsOn(useGitBookMock({ wallClock: () => wall }));

      it('runs with wall time unless frozen, and moves without unfreezing', async () => {
        wall = 5_000;
        expect((await t.admin('GET', '/__admin/clock')).body.now).toBe('2026-01-01T00:00:05.000Z');
        expect((await t.admin('POST', '/__admin/clock', { frozen: true })).body).toEqual({ now: '2026-01-01T00:00:05.000Z', frozen: true });
        wall = 60_000;
        expect((await t.admin('GET', '/__admin/clock')).body.now).toBe('2026-01-01T00:00:05.000Z');
        expect((await t.admin('POST', '/__admin/clock', { advance: 'P1D' })).body).toEqual({ now: '2026-01-02T00:00:05.000Z', frozen: true });
        await t.admin('POST', '/__admin/clock', { frozen: false });
        wall = 61_000;
        expect((await t.admin('GET', '/__admin/clock')).body).toEqual({ now: '2026-01-02T00:00:06.000Z', frozen: false });
      });
    });

    it.each([
      [{}, 'body.now, body.advance or body.frozen is required'],
      [{ now: 'yesterday' }, 'body.now'],
      [{ advance: 'P0.5M' }, 'body.advance'],
      [{ advance: 'soon' }, 'body.advance'],
      [{ frozen: 'yes' }, 'body.frozen'],
      [{ now: '2026-01-02T00:00:00Z', frozen: true }, 'body must match exactly one'],
      [[], 'body must be object'],
      [{ speed: 2 }, 'body.speed'],
    ])('refuses %j and leaves the clock alone', async (change, message) => {
      const res = await t.admin('POST', '/__admin/clock', change);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
      expect((await t.admin('GET', '/__admin/clock')).body).toEqual({ now: '2026-01-01T00:00:00.000Z', frozen: false });
    });

    it('takes what it took before its schema checked it: a time without a zone, fractional milliseconds', async () => {
      await t.admin('POST', '/__admin/clock', { frozen: true });
      const local = await t.admin('POST', '/__admin/clock', { now: '2026-01-02T00:00:00' });
      expect(local.status).toBe(200);
      expect(local.body.now).toBe(new Date(2026, 0, 2).toISOString());
      const moved = await t.admin('POST', '/__admin/clock', { advance: 1.5 });
      expect(moved.status).toBe(200);
      expect(Date.parse(moved.body.now) - Date.parse(local.body.now)).toBeGreaterThanOrEqual(1);
    });

    it('advances by calendar months and years (the last day of a shorter month, the time kept)', async () => {
      await t.admin('POST', '/__admin/clock', { frozen: true });
      await t.admin('POST', '/__admin/clock', { now: '2026-01-31T10:00:00.000Z' });
      expect((await t.admin('POST', '/__admin/clock', { advance: 'P1M' })).body.now).toBe('2026-02-28T10:00:00.000Z');
      expect((await t.admin('POST', '/__admin/clock', { advance: 'P1Y1M' })).body.now).toBe('2027-03-28T10:00:00.000Z');
      expect((await t.admin('POST', '/__admin/clock', { advance: '-P1M1D' })).body.now).toBe('2027-02-27T10:00:00.000Z');
    });
  });

  describe('request log', () => {
    it('lists what the API received, newest last, and clears', async () => {
      await t.call('admin', 'GET', '/v1/orgs?limit=5');
      await t.call(null, 'GET', '/v1/orgs');
      const res = await t.admin('GET', '/__admin/requests');
      expect(res.body.items).toMatchObject([
        { method: 'GET', path: '/v1/orgs', status: 200, at: '2026-01-01T00:00:00.000Z', operationId: 'listOrganizationsForAuthenticatedUser', injected: null, query: { limit: ['5'] } },
        { method: 'GET', path: '/v1/orgs', status: 401, at: '2026-01-01T00:00:00.000Z', operationId: 'listOrganizationsForAuthenticatedUser', injected: null },
      ]);
      expect((await t.admin('GET', '/__admin/requests?status=401')).body.items).toHaveLength(1);
      expect((await t.admin('GET', '/__admin/requests?status=abc')).body.error).toEqual({ code: 400, message: 'query.status must be integer' });
      expect((await t.admin('DELETE', '/__admin/requests')).status).toBe(204);
      expect((await t.admin('GET', '/__admin/requests')).body.items).toEqual([]);
    });

    it('keeps the JSON body a client sent', async () => {
      await t.call('admin', 'PATCH', '/v1/orgs/{organizations.acme}', { title: 'Acme Two' });
      const [entry] = (await t.admin('GET', '/__admin/requests')).body.items;
      expect(entry).toMatchObject({ method: 'PATCH', body: { title: 'Acme Two' } });
    });
  });

  it('needs no token from loopback but answers JSON errors on unknown admin paths', async () => {
    const res = await t.admin('GET', '/__admin/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 404, message: 'No route for GET /__admin/nothing-here' } });
  });
});

describe('ids after a state import', () => {
  it('never gives a new entity the id of one the imported state holds', async () => {
    const made = await t.call('commenter', 'POST', '/v1/spaces/{spaces.handbook}/comments', { body: { markdown: 'first' } });
    expect(made.status).toBe(200);
    const state = (await t.admin('GET', '/__admin/state')).body;
    await t.admin('POST', '/__admin/reset');
    expect((await t.admin('PUT', '/__admin/state', state)).status).toBe(200);
    const next = await t.call('commenter', 'POST', '/v1/spaces/{spaces.handbook}/comments', { body: { markdown: 'second' } });
    expect(next.status).toBe(200);
    expect(next.body.id).not.toBe(made.body.id);
  });
});
