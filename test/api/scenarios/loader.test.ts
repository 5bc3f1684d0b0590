import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestMock } from '../../helpers/mock.ts';
import { createMock } from '../../../src/app.ts';

function userScenarios(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'scenarios-'));
  for (const [name, body] of Object.entries(files)) {
    writeFileSync(join(dir, `${name}.json`), typeof body === 'string' ? body : JSON.stringify(body));
  }
  return dir;
}

describe('the starter manifest', () => {
  const t = createTestMock();
  const ids = t.manifest.ids;

  it('has a token for every user of the contract', () => {
    expect(Object.keys(t.manifest.tokens).sort()).toEqual(
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
    expect(Object.keys(ids[collection])).toEqual(expect.arrayContaining(keys));
  });

  it('has every collection of the contract, even when empty', () => {
    for (const c of ['users', 'organizations', 'teams', 'spaces', 'pages', 'files', 'comments', 'changeRequests', 'sites', 'siteSections', 'siteSectionGroups', 'siteSpaces', 'shareLinks', 'samlProviders', 'openapiSpecs', 'translations']) {
      expect(ids).toHaveProperty(c);
    }
  });

  it('gives the openapi spec by slug, and pages, files and comments enough for the handbook', () => {
    expect(ids.openapiSpecs.petstore).toBe('petstore');
    expect(Object.keys(ids.pages).length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(ids.files).length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(ids.comments).length).toBeGreaterThanOrEqual(3);
  });

  it('puts the roles of the contract on acme members, and admin in globex too', () => {
    const state = t.mock.runtime.exportState();
    const roleOf = (org: string, user: string) =>
      state.members.find((m) => m.organization === ids.organizations[org] && m.user === ids.users[user])?.role;
    expect(['admin', 'creator', 'editor', 'reviewer', 'commenter', 'reader'].map((u) => roleOf('acme', u))).toEqual([
      'admin', 'create', 'edit', 'review', 'comment', 'read',
    ]);
    expect(roleOf('globex', 'admin')).toBe('admin');
    expect(state.members.some((m) => m.user === ids.users.outsider)).toBe(false);
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

  it('fills left-out fields from the resource schemas, valid and realistic', async () => {
    const dir = userScenarios({ bare });
    const t = createTestMock({ scenariosDirs: [dir], scenario: 'bare' });
    const state = t.mock.runtime.exportState();
    for (const user of state.users) expect(user.displayName).toMatch(/^\S+( \S+)+$/);
    const [org] = state.organizations;
    expect(org.title.length).toBeGreaterThanOrEqual(2);
    expect(org.hostname).toMatch(/^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/);
    const res = await t.call('u', 'GET', '/v1/orgs/{organizations.o}');
    expect(res.status).toBe(200);
  });

  it('gives the same filler for the same seed and other filler for another --seed', () => {
    const dir = userScenarios({ bare });
    const names = (seed: number) => createTestMock({ scenariosDirs: [dir], scenario: 'bare', seed }).mock.runtime.exportState().users.map((u) => u.displayName);
    expect(names(3)).toEqual(names(3));
    expect(names(4)).not.toEqual(names(3));
  });
});

describe('user scenarios', () => {
  const base = { description: 'a test scenario', users: [{ key: 'u1' }], organizations: [{ key: 'o1', members: [{ user: 'u1', role: 'admin' }] }] };

  it('loads a scenario from --scenarios-dir, listed beside the built-in ones', async () => {
    const dir = userScenarios({ mine: base });
    const t = createTestMock({ scenariosDirs: [dir], scenario: 'mine' });
    expect(t.manifest.scenario).toBe('mine');
    const list = (await t.admin('GET', '/__admin/scenarios')).body.items;
    expect(list).toContainEqual({ name: 'mine', description: 'a test scenario' });
    expect(list.map((s: { name: string }) => s.name)).toContain('starter');
  });

  it('loads the loaded scenario again as built, and an edited file as it now is', async () => {
    const dir = userScenarios({ mine: base });
    const t = createTestMock({ scenariosDirs: [dir], scenario: 'mine' });
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

  it('extends another scenario, adding only what it says', () => {
    const dir = userScenarios({
      more: { description: 'starter plus one', extends: 'starter', users: [{ key: 'newcomer' }], spaces: [{ key: 'extra', organization: 'acme', title: 'Extra' }] },
    });
    const t = createTestMock({ scenariosDirs: [dir], scenario: 'more' });
    expect(t.id('spaces', 'extra')).toBeTruthy();
    expect(t.id('spaces', 'handbook')).toBe(createTestMock().id('spaces', 'handbook'));
    expect(t.manifest.tokens.newcomer).toBeTruthy();
  });

  it('resolves times relative to the scenario now', () => {
    const dir = userScenarios({
      timed: { ...base, now: '2026-05-01T12:00:00.000Z', spaces: [{ key: 's', organization: 'o1', deletedAt: '-P6DT23H' }] },
    });
    const t = createTestMock({ scenariosDirs: [dir], scenario: 'timed' });
    const space = t.mock.runtime.db.spaces.get(t.id('spaces', 's'))!;
    expect(space.deletedAt).toBe('2026-04-24T13:00:00.000Z');
  });

  it.each([
    ['a field the format does not know', { ...base, colour: 'red' }, 'scenario.colour is not a known field'],
    ['a reference to an unknown key', { ...base, teams: [{ key: 't', organization: 'nope' }] }, 'scenario.teams[0].organization: unknown organizations key "nope"'],
    ['a key used twice', { ...base, users: [{ key: 'u1' }, { key: 'u1' }] }, 'scenario.users[1]: key "u1" is already used'],
    ['a time that is not one', { ...base, spaces: [{ key: 's', organization: 'o1', createdAt: 'last week' }] }, 'scenario.spaces[0].createdAt'],
    ['invalid JSON', '{ "description": ', 'not valid JSON'],
  ])('reports %s by path, over the admin API, and changes nothing', async (_name, body, message) => {
    const dir = userScenarios({ broken: body });
    const t = createTestMock({ scenariosDirs: [dir] });
    const res = await t.admin('POST', '/__admin/scenarios/broken');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
    expect((await t.admin('GET', '/__admin/health')).body.scenario).toBe('starter');
  });

  it.each([
    [
      'an unknown key in the one comment of a file that extends starter',
      { description: 'one comment', extends: 'starter', comments: [{ key: 'hello', space: 'hanbook', author: 'editor', body: 'Hi' }] },
      'scenario "mine": scenario.comments[0].space: unknown spaces key "hanbook"',
    ],
    [
      'a key the extended scenario already uses',
      { description: 'one user', extends: 'starter', users: [{ key: 'newcomer' }, { key: 'editor' }] },
      'scenario "mine": scenario.users[1]: key "editor" is already used by scenario "starter": scenario.users[2]',
    ],
  ])('names %s by its index in the file that wrote it (issue 27)', async (_name, body, message) => {
    const t = createTestMock({ scenariosDirs: [userScenarios({ mine: body })] });
    const res = await t.admin('POST', '/__admin/scenarios/mine');
    expect(res.body.error.message).toBe(message);
  });
});
