import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useGitBookMock, type GitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { createMock } from '../../../src/app.ts';

function userScenarios(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'scenarios-'));
  for (const [name, body] of Object.entries(files)) {
    writeFileSync(join(dir, `${name}.json`), typeof body === 'string' ? body : JSON.stringify(body));
  }
  return dir;
}

describe('the starter manifest', () => {
  const gb = useGitBookMock({ wallClock: () => 0 });

  it('has a token for every user of the contract', () => {
    expect(Object.keys(gb.manifest.tokens).sort()).toEqual(
      ['admin', 'commenter', 'creator', 'editor', 'outsider', 'reader', 'reviewer'].sort(),
    );
  });

  it.each([
    ['organizations', ['acme', 'globex']],
    ['teams', ['writers']],
    ['spaces', ['handbook', 'api-docs']],
    ['changeRequests', ['handbook-draft']],
    ['sites', ['docs-site']],
    ['shareLinks', ['partner-preview']],
    ['samlProviders', ['okta']],
    ['openapiSpecs', ['petstore']],
    ['translations', ['french']],
  ])('names the %s of the contract', (collection, keys) => {
    expect(Object.keys(gb.manifest.ids[collection])).toEqual(expect.arrayContaining(keys));
  });

  it('has every collection of the contract, even when empty', () => {
    for (const c of ['users', 'organizations', 'teams', 'spaces', 'pages', 'files', 'comments', 'changeRequests', 'sites', 'siteSections', 'siteSectionGroups', 'siteSpaces', 'shareLinks', 'samlProviders', 'openapiSpecs', 'translations']) {
      expect(gb.manifest.ids).toHaveProperty(c);
    }
  });

  it('gives the openapi spec by slug, and pages, files and comments enough for the handbook', () => {
    expect(gb.manifest.ids.openapiSpecs.petstore).toBe('petstore');
    expect(Object.keys(gb.manifest.ids.pages).length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(gb.manifest.ids.files).length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(gb.manifest.ids.comments).length).toBeGreaterThanOrEqual(3);
  });

  it('puts the roles of the contract on acme members, and admin in globex too', () => {
    const state = gb.mock!.runtime.exportState();
    const roleOf = (org: string, user: string) =>
      state.members.find((m) => m.organization === gb.manifest.ids.organizations[org] && m.user === gb.manifest.ids.users[user])?.role;
    expect(['admin', 'creator', 'editor', 'reviewer', 'commenter', 'reader'].map((u) => roleOf('acme', u))).toEqual([
      'admin', 'create', 'edit', 'review', 'comment', 'read',
    ]);
    expect(roleOf('globex', 'admin')).toBe('admin');
    expect(state.members.some((m) => m.user === gb.manifest.ids.users.outsider)).toBe(false);
  });
});

describe('determinism', () => {
  it('gives the same state, ids and manifest for the same scenario', () => {
    const a = createMock({ wallClock: () => 0 });
    const b = createMock({ wallClock: () => 0 });
    expect(a.runtime.manifest).toEqual(b.runtime.manifest);
    expect(a.runtime.exportState()).toEqual(b.runtime.exportState());
  });

  it('changes the filler data, not the ids, with another --seed', () => {
    const a = createMock({ wallClock: () => 0 });
    const b = createMock({ wallClock: () => 0, seed: 99 });
    expect(b.runtime.manifest).toEqual(a.runtime.manifest);
    expect(b.runtime.exportState()).not.toEqual(a.runtime.exportState());
  });
});

describe('filler data', () => {
  const bare = { description: 'only keys', users: [{ key: 'u' }, { key: 'v' }], organizations: [{ key: 'o', members: [{ user: 'u', role: 'admin' }] }] };

  const dir = userScenarios({ bare });
  const onBare = (seed?: number) => useGitBookMock({ scenariosDirs: [dir], scenario: 'bare', seed, wallClock: () => 0 });
  const gb = onBare();
  const t = callsOn(gb);
  const seeded = { 3: [onBare(3), onBare(3)], 4: onBare(4) };

  it('fills left-out fields from the resource schemas, valid and realistic', async () => {
    const state = gb.mock!.runtime.exportState();
    for (const user of state.users) expect(user.displayName).toMatch(/^\S+( \S+)+$/);
    const [org] = state.organizations;
    expect(org.title.length).toBeGreaterThanOrEqual(2);
    expect(org.hostname).toMatch(/^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/);
    const res = await t.call('u', 'GET', '/v1/orgs/{organizations.o}');
    expect(res.status).toBe(200);
  });

  it('gives the same filler for the same seed and other filler for another --seed', () => {
    const names = (gb: GitBookMock) => gb.mock!.runtime.exportState().users.map((u) => u.displayName);
    expect(names(seeded[3][0])).toEqual(names(seeded[3][1]));
    expect(names(seeded[4])).not.toEqual(names(seeded[3][0]));
  });
});

describe('user scenarios', () => {
  const base = { description: 'a test scenario', users: [{ key: 'u1' }], organizations: [{ key: 'o1', members: [{ user: 'u1', role: 'admin' }] }] };

  describe('mine', () => {
    const gb = useGitBookMock({ scenariosDirs: [userScenarios({ mine: base })], scenario: 'mine', wallClock: () => 0 });
    const t = callsOn(gb);

    it('loads a scenario from --scenarios-dir, listed beside the built-in ones', async () => {
      expect(gb.manifest.scenario).toBe('mine');
      const list = (await t.admin('GET', '/__admin/scenarios')).body.items;
      expect(list).toContainEqual({ name: 'mine', description: 'a test scenario' });
      expect(list.map((s: { name: string }) => s.name)).toContain('starter');
    });
  });

  describe('more', () => {
    const more = useGitBookMock({ scenariosDirs: [userScenarios({
        more: { description: 'starter plus one', extends: 'starter', users: [{ key: 'newcomer' }], spaces: [{ key: 'extra', organization: 'acme', title: 'Extra' }] },
      })], scenario: 'more', wallClock: () => 0 });
    const starter = useGitBookMock({ wallClock: () => 0 });

    it('extends another scenario, adding only what it says', () => {
      expect(more.id('spaces', 'extra')).toBeTruthy();
      expect(more.id('spaces', 'handbook')).toBe(starter.id('spaces', 'handbook'));
      expect(more.manifest.tokens.newcomer).toBeTruthy();
    });
  });

  describe('timed', () => {
    const gb = useGitBookMock({ scenariosDirs: [userScenarios({
        timed: { ...base, now: '2026-05-01T12:00:00.000Z', spaces: [{ key: 's', organization: 'o1', deletedAt: '-P6DT23H' }] },
      })], scenario: 'timed', wallClock: () => 0 });

    it('resolves times relative to the scenario now', () => {
      const space = gb.mock!.runtime.db.spaces.get(gb.id('spaces', 's'))!;
      expect(space.deletedAt).toBe('2026-04-24T13:00:00.000Z');
    });
  });

  describe.each([
    ['a field the format does not know', { ...base, colour: 'red' }, 'scenario.colour is not a known field'],
    ['a reference to an unknown key', { ...base, teams: [{ key: 't', organization: 'nope' }] }, 'scenario.teams[0].organization: unknown organizations key "nope"'],
    ['a key used twice', { ...base, users: [{ key: 'u1' }, { key: 'u1' }] }, 'scenario.users[1]: key "u1" is already used'],
    ['a time that is not one', { ...base, spaces: [{ key: 's', organization: 'o1', createdAt: 'last week' }] }, 'scenario.spaces[0].createdAt'],
    ['invalid JSON', '{ "description": ', 'not valid JSON'],
  ])('%s', (_name, body, message) => {
    const t = callsOn(useGitBookMock({ scenariosDirs: [userScenarios({ broken: body })], wallClock: () => 0 }));

    it('is reported by path, over the admin API, and changes nothing', async () => {
      const res = await t.admin('POST', '/__admin/scenarios/broken');
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
      expect((await t.admin('GET', '/__admin/health')).body.scenario).toBe('starter');
    });
  });

  describe.each([
    [
      'an unknown key in the one comment of a file that extends starter',
      { description: 'one comment', extends: 'starter', comments: [{ key: 'hello', space: 'hanbook', author: 'editor', body: 'Hi' }] },
      'mine.json: scenario.comments[0].space: unknown spaces key "hanbook"; did you mean handbook? (line 1, column 85)',
    ],
    [
      'a key the extended scenario already uses',
      { description: 'one user', extends: 'starter', users: [{ key: 'newcomer' }, { key: 'editor' }] },
      'mine.json: scenario.users[1]: key "editor" is already used by scenario "starter": scenario.users[2] (line 1, column 75)',
    ],
  ])('%s', (_name, body, message) => {
    const t = callsOn(useGitBookMock({ scenariosDirs: [userScenarios({ mine: body })], wallClock: () => 0 }));

    it('is named by its index in the file that wrote it (issue 27), with its place there (issue 44)', async () => {
      const res = await t.admin('POST', '/__admin/scenarios/mine');
      // The message starts with the file's full path; its last part is the file's name.
      expect(res.body.error.message.split('/').at(-1)).toBe(message);
    });
  });
});

describe('loading the loaded scenario again', () => {
  const base = { description: 'a test scenario', users: [{ key: 'u1' }], organizations: [{ key: 'o1', members: [{ user: 'u1', role: 'admin' }] }] };
  const dir = userScenarios({ mine: base });
  const t = callsOn(useGitBookMock({ scenariosDirs: [dir], scenario: 'mine', wallClock: () => 0 }));

  it('gives the state as built, and an edited file as it now is', async () => {
    const first = (await t.admin('POST', '/__admin/scenarios/mine')).body;
    expect((await t.admin('POST', '/__admin/clock', { advance: 'P1D' })).status).toBe(200);
    expect((await t.call('u1', 'POST', '/v1/orgs/{organizations.o1}/spaces', { title: 'Made after the load' })).status).toBe(201);
    expect((await t.admin('GET', '/__admin/state')).body.spaces).toHaveLength(1);
    const again = await t.admin('POST', '/__admin/scenarios/mine');
    expect(again.body).toEqual(first);
    expect((await t.admin('GET', '/__admin/state')).body.spaces).toEqual([]);
    expect((await t.admin('GET', '/__admin/health')).body.now).toBe(first.now);
    writeFileSync(join(dir, 'mine.json'), JSON.stringify({ ...base, users: [{ key: 'u1' }, { key: 'u2' }] }));
    const edited = await t.admin('POST', '/__admin/scenarios/mine');
    expect(Object.keys(edited.body.tokens).sort()).toEqual(['u1', 'u2']);
    expect((await t.admin('GET', '/__admin/state')).body.users).toHaveLength(2);
  });
});

describe('loading a scenario built lately', () => {
  const base = { description: 'a test scenario', users: [{ key: 'u1' }], organizations: [{ key: 'o1', members: [{ user: 'u1', role: 'admin' }] }] };

  /** An admin or API call on `mock`, in session `session` (the default one without). */
  async function send(mock: ReturnType<typeof createMock>, method: string, path: string, options: { session?: string; token?: string; body?: unknown } = {}) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.session) headers['x-mock-session'] = options.session;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await mock.fetch(`http://mock${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    return { status: res.status, body: await res.json() };
  }

  it('gives the state as built after another scenario, not what was written since', async () => {
    const dir = userScenarios({ mine: base });
    const mock = createMock({ scenariosDirs: [dir], scenario: 'mine', wallClock: () => 0 });
    const first = (await send(mock, 'POST', '/__admin/scenarios/mine')).body;
    const org = first.ids.organizations.o1;
    expect((await send(mock, 'POST', `/v1/orgs/${org}/spaces`, { token: first.tokens.u1, body: { title: 'Made after the load' } })).status).toBe(201);
    expect((await send(mock, 'POST', '/__admin/scenarios/starter')).status).toBe(200);
    const again = await send(mock, 'POST', '/__admin/scenarios/mine');
    expect(again.body).toEqual(first);
    expect((await send(mock, 'GET', '/__admin/state')).body.spaces).toEqual([]);
    expect((await send(mock, 'GET', `/v1/orgs/${org}/spaces`, { token: first.tokens.u1 })).body.items).toEqual([]);
  });

  it('builds a file edited since, and its first version again when it comes back', async () => {
    const dir = userScenarios({ mine: base });
    const mock = createMock({ scenariosDirs: [dir], scenario: 'mine', wallClock: () => 0 });
    const first = (await send(mock, 'POST', '/__admin/scenarios/mine')).body;
    writeFileSync(join(dir, 'mine.json'), JSON.stringify({ ...base, users: [{ key: 'u1' }, { key: 'u2' }] }));
    expect((await send(mock, 'POST', '/__admin/scenarios/starter')).status).toBe(200);
    const edited = (await send(mock, 'POST', '/__admin/scenarios/mine')).body;
    expect(Object.keys(edited.tokens).sort()).toEqual(['u1', 'u2']);
    expect((await send(mock, 'GET', '/__admin/state')).body.users).toHaveLength(2);
    writeFileSync(join(dir, 'mine.json'), JSON.stringify(base));
    expect((await send(mock, 'POST', '/__admin/scenarios/mine')).body).toEqual(first);
    expect((await send(mock, 'GET', '/__admin/state')).body.users).toHaveLength(1);
  });

  it('gives each session the state as built, whatever another session wrote to its copy', async () => {
    const mock = createMock({ wallClock: () => 0 });
    const built = createMock({ wallClock: () => 0, scenario: 'empty' });
    const a = (await send(mock, 'POST', '/__admin/scenarios/starter', { session: 'a' })).body;
    const space = a.ids.spaces.handbook;
    const token = a.tokens.admin;
    const before = (await send(mock, 'GET', `/v1/spaces/${space}`, { session: 'a', token })).body;
    const patched = await send(mock, 'PATCH', `/v1/spaces/${space}`, { session: 'a', token, body: { title: 'Renamed in session a' } });
    expect(patched.status).toBe(200);
    // Session b loads what session a loaded (and wrote to), then the default session does.
    expect((await send(mock, 'POST', '/__admin/scenarios/empty', { session: 'b' })).status).toBe(200);
    expect((await send(mock, 'POST', '/__admin/scenarios/starter', { session: 'b' })).body).toEqual(a);
    expect((await send(mock, 'GET', `/v1/spaces/${space}`, { session: 'b', token })).body.title).toBe(before.title);
    expect((await send(mock, 'GET', `/v1/spaces/${space}`, { session: 'a', token })).body.title).toBe('Renamed in session a');
    expect((await send(mock, 'PATCH', `/v1/spaces/${space}`, { session: 'b', token, body: { title: 'Renamed in session b' } })).status).toBe(200);
    expect((await send(mock, 'GET', `/v1/spaces/${space}`, { session: 'a', token })).body.title).toBe('Renamed in session a');
    expect((await send(mock, 'GET', `/v1/spaces/${space}`, { token })).body.title).toBe(before.title);
    // And every session's state is the one another app builds from nothing.
    await send(built, 'POST', '/__admin/scenarios/starter');
    await send(mock, 'POST', '/__admin/scenarios/starter', { session: 'a' });
    expect((await send(mock, 'GET', '/__admin/state', { session: 'a' })).body).toEqual((await send(built, 'GET', '/__admin/state')).body);
  });

});

describe('the manifest handed to an in-process test', () => {
  const gb = useGitBookMock({ wallClock: () => 0 });

  it('is its own: what the test changes in it, a reset gives back as loaded', async () => {
    const token = gb.manifest.tokens.admin;
    gb.manifest.tokens.admin = 'changed by the test';
    await gb.reset();
    expect(gb.manifest.tokens.admin).toBe(token);
    expect((await gb.fetch('/v1/user', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });
});
