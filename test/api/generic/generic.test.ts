/**
 * The generic tier (src/resources/generic/): every official operation no hand-written row
 * serves answers through the official client with its official status and a body that fits
 * its official response schema (before and after writes); every generic collection family
 * goes create → get → list → update → delete → get 404 with every starter role; singletons
 * keep what is written; two mocks with the same seed answer the same bytes.
 */
import { describe, expect, it } from 'vitest';
import { can } from '../../../src/auth/roles.ts';
import type { Operation } from '../../../src/contract/operation.ts';
import { STARTER_ROLES } from '../../helpers/permissions.ts';
import { useGitBookMock, type GitBookMock } from '../../../src/vitest/index.ts';
import { createMock } from '../../../src/app.ts';
import { callsOn, type Calls, scenarioOptions } from '../../helpers/calls.ts';
import { expectOfficial, officialComponent, officialResponseValidator, formatErrors } from '../../helpers/official.ts';
import { OFFICIAL_ANSWERS } from '../../../src/contract/official-answers.ts';
import { walk } from '../../../src/resources/generic/walker.ts';
import { OFFICIAL_ROUTES } from '../../../src/contract/official-routes.ts';
import { routedOperations } from '../../../src/resources/index.ts';
import { bodyFor, defs, genericRows, pathFor, queryFor } from './generic-helpers.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const ROLES = STARTER_ROLES;

const itemParam = (row: Operation, family: string) => {
  const names = [...row.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  return names[family.split('{}').length - 1];
};

/** The families (by collection path) and their rows. */
function families(): Map<string, Operation[]> {
  const out = new Map<string, Operation[]>();
  for (const row of genericRows) {
    if (!['list', 'create', 'get', 'update', 'delete', 'provision', 'under-item'].includes(row.generic!)) continue;
    const family = row.path.replace(/\{[^}]+\}/g, '{}').split('/').slice(0, familyDepth(row)).join('/');
    out.set(family, [...(out.get(family) ?? []), row]);
  }
  return out;
}
function familyDepth(row: Operation): number {
  const list = genericRows.find((r) => r.generic === 'list' && row.path.startsWith(`${r.path}/`) ) ?? row;
  return list.path.split('/').length;
}

/** A record of the family: made by its create, else put in the state (families the API cannot create in). */
async function recordOf(t: Calls, rows: Operation[], user = 'admin'): Promise<{ id: string; status: number }> {
  const create = rows.find((r) => r.generic === 'create');
  const list = rows.find((r) => r.generic === 'list')!;
  if (create) {
    const res = await t.call(user, create.method, pathFor(gb, create), bodyFor(create));
    if (res.status === create.status) expectOfficial(create.operationId, create.status, res.body);
    return { id: res.body?.id, status: res.status };
  }
  const parentPath = pathFor(gb, list).split('/');
  const names = [...list.path.matchAll(/\{(\w+)\}/g)];
  const parent = names.length ? decodeURIComponent(parentPath[list.path.split('/').indexOf(`{${names.at(-1)![1]}}`)]) : '';
  const id = `seeded-${list.operationId}`;
  const family = list.path.replace(/\{[^}]+\}/g, '{}');
  // Put in the state as an import would: the API has no create for it.
  const state = (await t.admin('GET', '/__admin/state')).body;
  state.officialRecords.push({ id, parent, family, fields: {}, createdAt: '2025-12-01T00:00:00.000Z' });
  const put = await t.admin('PUT', '/__admin/state', state);
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return { id, status: 201 };
}

/** Calls `row` through the official client as `user` where it has a method named by the operationId, else by fetch. */
async function viaClient(t: Calls, user: string, row: Operation, items: Record<string, string> = {}): Promise<{ status: number; data: unknown }> {
  const api = gb.client(user) as unknown as Record<string, Record<string, (...args: unknown[]) => Promise<{ status: number; data: unknown }>>>;
  const ns = Object.values(api).find((n) => n && typeof n === 'object' && typeof n[row.operationId] === 'function');
  if (!ns) {
    const res = await t.call(user, row.method, pathFor(gb, row, items) + queryFor(row), bodyFor(row));
    return { status: res.status, data: res.body };
  }
  const path = pathFor(gb, row, items).split('/');
  const args: unknown[] = [...row.path.split('/').entries()].filter(([, seg]) => seg.startsWith('{')).map(([i]) => decodeURIComponent(path[i]));
  if (row.body) args.push(bodyFor(row));
  const q = queryFor(row);
  if (row.query) args.push(Object.fromEntries(new URLSearchParams(q.slice(1))));
  try {
    const res = await ns[row.operationId](...args);
    return { status: res.status, data: res.data };
  } catch (error) {
    return { status: (error as { code?: number; status?: number }).code ?? (error as { status: number }).status, data: undefined };
  }
}

/**
 * Operations whose answer the oracle (test/helpers/official.ts) corrects to what the service
 * serves (an OpenAPI spec's `filesystem` is a list): the walker follows the document, so these
 * are hand-written rows only.
 */
const CORRECTED = new Set(['getLatestOpenAPISpecVersionContent', 'getOpenAPISpecVersionContentById']);

const STREAMS = new Set(genericRows.filter((r) => !r.response && /^stream/.test(r.operationId)).map((r) => r.operationId));

describe('the generic tier', () => {
  it('serves every official operation: none is left unrouted or 501', () => {
    const routed = new Set(routedOperations.map((r) => `${r.method} ${r.path.replace(/\{[^}]+\}/g, '{}')}`));
    for (const [id, method, path] of OFFICIAL_ROUTES) expect(routed.has(`${method} ${path.replace(/\{[^}]+\}/g, '{}')}`), id).toBe(true);
    expect(routedOperations.filter((r) => r.status === 501).map((r) => r.operationId)).toEqual([]);
  });

  it('answers every generic operation through the official client, with its official status and schema, before and after writes', async () => {
    // Each row's item id, by operationId: two families may name their items alike (`fileId`).
    const items = new Map<string, Record<string, string>>();
    for (const [family, rows] of families()) {
      const list = rows.find((r) => r.generic === 'list');
      if (!list) continue;
      const { id } = await recordOf(t, rows);
      for (const row of rows) if (row.generic !== 'list' && row.generic !== 'create') items.set(row.operationId, { [itemParam(row, family)]: id });
    }
    // Deletes last, so every other operation finds its record.
    const order = [...genericRows].sort((a, b) => Number(a.generic === 'delete') - Number(b.generic === 'delete'));
    for (const row of order) {
      if (STREAMS.has(row.operationId) || row.operationId === 'streamAIResponseInSite') {
        const res = await t.call('admin', row.method, pathFor(gb, row, items.get(row.operationId)) + queryFor(row), bodyFor(row));
        expect(res.status, row.operationId).toBe(row.status);
        expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
        const events = String(res.body).split('\n\n').filter((e) => e.startsWith('data: ')).map((e) => JSON.parse(e.slice(6)));
        expect(events.length).toBeGreaterThan(0);
        continue;
      }
      const res = await viaClient(t, 'admin', row, items.get(row.operationId));
      expect(res.status, `${row.operationId} ${row.method} ${row.path}`).toBe(row.status);
      if (row.response) expectOfficial(row.operationId, row.status, res.data);
    }
  }, 120_000);

  it('builds an object that fits the official schema for the answer of every official operation, whatever the hints', () => {
    // What a hand-written row takes over stays answerable by the tier, so every operation is tried, not only today's generic ones.
    const hints = [undefined, { id: 'rec-1', organization: 'org-1', title: 7, createdAt: 'yesterday', urls: 'x', items: 5 }];
    let checked = 0;
    const failures: string[] = [];
    for (const [operationId, [status, type]] of Object.entries(OFFICIAL_ANSWERS)) {
      const schema = defs[`${operationId}-response`];
      if (type !== 'application/json' || !schema || CORRECTED.has(operationId)) continue;
      for (const hint of hints) {
        const value = walk(schema, hint, { defs, seed: `check:${operationId}` });
        const validate = officialResponseValidator(operationId, status)!;
        if (!validate(value)) failures.push(`${operationId}: ${formatErrors(validate)}`);
      }
      checked++;
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(290);
  }, 120_000);

  it.each(ROLES)('drives every collection family as %s: create, get, list, update, delete, then get 404 (or the refusals of its role)', async (user, role) => {
    for (const [family, rows] of families()) {
      const by = (g: string) => rows.find((r) => r.generic === g);
      const [list, create, get, update, remove] = [by('list'), by('create'), by('get'), by('update'), by('delete')];
      if (!list || !create || !get) continue;
      const item = itemParam(get, family);
      const listed = await t.call(user, 'GET', pathFor(gb, list));
      if (role === undefined) {
        expect(listed.status, family).toBe(404);
        expect((await t.call(user, create.method, pathFor(gb, create), bodyFor(create))).status).toBe(404);
        continue;
      }
      expect(listed.status, family).toBe(200);
      expectOfficial(list.operationId, 200, listed.body);
      let made = await recordOf(t, rows, user);
      if (!can(role, 'admin')) {
        expect(made.status, `${family} as ${user}`).toBe(403);
        made = await recordOf(t, rows);
      }
      const id = made.id;
      const got = await t.call(user, 'GET', pathFor(gb, get, { [item]: id }));
      expect(got.status).toBe(200);
      expectOfficial(get.operationId, 200, got.body);
      expect(got.body.id).toBe(id);
      const all = await t.call(user, 'GET', `${pathFor(gb, list)}?limit=1000`);
      expect(all.body.items.map((i: { id: string }) => i.id)).toContain(id);
      expect(all.body.items.find((i: { id: string }) => i.id === id)).toEqual(got.body);
      if (update) {
        const changed = await t.call(user, update.method, pathFor(gb, update, { [item]: id }), bodyFor(update));
        if (!can(role, 'admin')) expect(changed.status).toBe(403);
        else {
          expect(changed.status).toBe(update.status);
          if (update.response) expectOfficial(update.operationId, update.status, changed.body);
          const after = await t.call(user, 'GET', pathFor(gb, get, { [item]: id }));
          if (update.response) expect(after.body).toEqual(changed.body);
        }
      }
      if (remove) {
        const removed = await t.call(user, 'DELETE', pathFor(gb, remove, { [item]: id }));
        if (!can(role, 'admin')) {
          expect(removed.status).toBe(403);
          expect((await t.call(user, 'GET', pathFor(gb, get, { [item]: id }))).status).toBe(200);
        } else {
          expect(removed.status).toBe(remove.status);
          const gone = await t.call(user, 'GET', pathFor(gb, get, { [item]: id }));
          expect(gone.status).toBe(404);
          expect(gone.body.error.code).toBe(404);
        }
      }
    }
  }, 60_000);

  it('keeps what a create gives where the official object has the field, and pages its lists with the official cursor', async () => {
    // Context connections page (the official list takes page and limit).
    const connections = t.path('/v1/orgs/{organizations.acme}/sites/{sites.docs-site}/context-connections');
    const create = genericRows.find((r) => r.operationId === 'createSiteContextConnection')!;
    for (let i = 0; i < 3; i++) expect((await t.call('admin', 'POST', connections, bodyFor(create))).status).toBe(201);
    const first = await t.call('admin', 'GET', `${connections}?limit=2`);
    expect(first.body.items).toHaveLength(2);
    const second = await t.call('admin', 'GET', `${connections}?limit=2&page=${first.body.next.page}`);
    const ids = [...first.body.items, ...second.body.items].map((f: { id: string }) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The three made here and the starter's support inbox.
    expect(ids.length).toBe(4);
    expect(ids).toContain(gb.id('officialRecords', 'support-inbox'));
    expect(first.body.count).toBe(4);
    // An update keeps what it gives, and the get shows it.
    const made = ids.find((id) => id !== gb.id('officialRecords', 'support-inbox'))!;
    const changed = await t.call('admin', 'PATCH', `${connections}/${made}`, { label: 'Support desk' });
    expect(changed.body.label).toBe('Support desk');
    expect((await t.call('reader', 'GET', `${connections}/${made}`)).body.label).toBe('Support desk');
    // A field of the wrong type is refused, naming it, and nothing is kept.
    const bad = await t.call('admin', 'PATCH', `${connections}/${made}`, { label: 7 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('body.label');
    expect((await t.call('admin', 'GET', `${connections}/${made}`)).body.label).toBe('Support desk');
  });

  it('keeps a singleton per parent: generated on first read, a write merges the body', async () => {
    const org = gb.id('organizations', 'acme');
    const before = await t.call('reader', 'GET', `/v1/orgs/${org}/agent-instructions`);
    expect(before.status).toBe(200);
    expectOfficial('getOrganizationAgentInstructions', 200, before.body);
    const body = bodyFor(genericRows.find((r) => r.operationId === 'updateOrganizationAgentInstructions')!) as { instructions: unknown };
    expect((await t.call('reader', 'PUT', `/v1/orgs/${org}/agent-instructions`, body)).status).toBe(403);
    const put = await t.call('admin', 'PUT', `/v1/orgs/${org}/agent-instructions`, body);
    expect(put.status).toBe(200);
    expectOfficial('updateOrganizationAgentInstructions', 200, put.body);
    const after = await t.call('reader', 'GET', `/v1/orgs/${org}/agent-instructions`);
    expect(after.body).toEqual(put.body);
    expect(after.body.instructions).toMatchObject(body.instructions as object);
    // Reset forgets it.
    gb.mock!.runtime.reset();
    expect((await t.call('reader', 'GET', `/v1/orgs/${org}/agent-instructions`)).body).toEqual(before.body);
  });

  it('names the writer of a singleton and the time of its write, not filler: before any write, the caller and the clock', async () => {
    const org = gb.id('organizations', 'acme');
    const path = `/v1/orgs/${org}/agent-instructions`;
    const unwritten = await t.call('reader', 'GET', path);
    expect(unwritten.body).toMatchObject({ updatedBy: gb.id('users', 'reader'), updatedAt: gb.manifest.now });
    expect(Object.keys(unwritten.body).sort()).toEqual(['instructions', 'object', 'updatedAt', 'updatedBy', 'urls']);
    await gb.clock.advance('PT1H');
    const body = bodyFor(genericRows.find((r) => r.operationId === 'updateOrganizationAgentInstructions')!);
    expect((await t.call('admin', 'PUT', path, body)).status).toBe(200);
    await gb.clock.advance('PT1H');
    const read = await t.call('reader', 'GET', path);
    expectOfficial('getOrganizationAgentInstructions', 200, read.body);
    expect(read.body).toMatchObject({ updatedBy: gb.id('users', 'admin'), updatedAt: new Date(Date.parse(gb.manifest.now) + 3_600_000).toISOString() });
    expect(read.body.urls.location).toBe(`${gb.url}/v1/orgs/${org}`);
  }, 60_000);

  it('asks for a token, hides organizations the caller is not in, and refuses writes to readers', async () => {
    const org = gb.id('organizations', 'acme');
    expect((await t.call(null, 'GET', `/v1/orgs/${org}/translations-glossary`)).status).toBe(401);
    expect((await t.call('outsider', 'GET', `/v1/orgs/${org}/translations-glossary`)).status).toBe(404);
    expect((await t.call('reader', 'GET', `/v1/orgs/${org}/translations-glossary`)).status).toBe(200);
    const updateGlossary = genericRows.find((r) => r.operationId === 'updateGlossaryEntries')!;
    expect((await t.call('reader', updateGlossary.method, pathFor(gb, updateGlossary), bodyFor(updateGlossary))).status).toBe(403);
    expect((await t.call('admin', 'GET', `/v1/orgs/not-an-org/translations-glossary`)).status).toBe(404);
    const stream = await t.call('reader', 'GET', `/v1/orgs/${org}/ask/stream?query=hello`);
    expect(stream.status).toBe(200);
    const event = JSON.parse(String(stream.body).split('\n\n')[0].slice(6));
    const validate = officialComponent('SearchAIAnswerStream');
    expect(validate(event), formatErrors(validate)).toBe(true);
  });

  describe('in mocks of seeds 7, 7 and 8', () => {
    const [a, b, other] = [useGitBookMock({ wallClock: () => 0, seed: 7 }), useGitBookMock({ wallClock: () => 0, seed: 7 }), useGitBookMock({ wallClock: () => 0, seed: 8 })];
    const read = (gb: GitBookMock, row: Operation) => callsOn(gb).call('admin', 'GET', pathFor(gb, row) + queryFor(row));

    it('answers the same bytes in two mocks of the same seed, and in one of another seed where the state alone answers', async () => {
      const reads = genericRows.filter((r) => r.method === 'GET' && r.generic !== 'get' && r.generic !== 'under-item');
      for (const row of reads) {
        const [x, y] = await Promise.all([a, b].map((gb) => read(gb, row)));
        expect(x.status).toBe(y.status);
        expect(JSON.stringify(x.body), row.operationId).toBe(JSON.stringify(y.body));
      }
      // Another seed changes no answer built from the state alone: there is no filler to vary.
      const row = genericRows.find((r) => r.operationId === 'getOrganizationAgentInstructions')!;
      const [x, z] = await Promise.all([a, other].map((gb) => read(gb, row)));
      expect(JSON.stringify(x.body)).toBe(JSON.stringify(z.body));
    }, 60_000);
  });

  it('loads records of generic families from a scenario: the starter\'s glossary entry', async () => {
    const org = gb.id('organizations', 'acme');
    const glossary = await t.call('reader', 'GET', `/v1/orgs/${org}/translations-glossary`);
    expectOfficial('listGlossaryEntries', 200, glossary.body);
    expect(glossary.body.items).toEqual([expect.objectContaining({ id: gb.id('officialRecords', 'glossary-handbook'), translations: { en: 'handbook', fr: 'manuel', de: 'Handbuch' } })]);
    expect(glossary.body.items[0].urls.location).toBe(`${gb.url}/v1/orgs/${org}/translations-glossary/${gb.id('officialRecords', 'glossary-handbook')}`);
    // Another organization has none of them.
    expect((await t.call('admin', 'GET', `/v1/orgs/${gb.id('organizations', 'globex')}/translations-glossary/${gb.id('officialRecords', 'glossary-handbook')}`)).status).toBe(404);
  });

  it('refuses a scenario entry naming no generic family, or a parent of the wrong kind, naming the field', () => {
    // The mock refuses to start on it (createMock, as the CLI and useGitBookMock call it).
    expect(() => createMock(scenarioOptions('bad-family', { description: 'x', extends: 'starter', officialRecords: [{ key: 'a', family: 'listSpaces', parent: 'acme' }] })))
      .toThrow(/scenario\.officialRecords\[\d+\]\.family: "listSpaces" lists no generic family/);
    expect(() => createMock(scenarioOptions('bad-parent', { description: 'x', extends: 'starter', officialRecords: [{ key: 'a', family: 'listGlossaryEntries', parent: 'nowhere' }] })))
      .toThrow(/scenario\.officialRecords\[\d+\]\.parent/);
  });

  describe('in large', () => {
    const large = useGitBookMock({ scenario: 'large', wallClock: () => 0 });
    const t = callsOn(large);

    it('scales in large: a thousand glossary entries of large-org, paged with the official cursor', async () => {
      const path = `/v1/orgs/${large.id('organizations', 'large-org')}/translations-glossary`;
      const first = await t.call('reader', 'GET', `${path}?limit=50`);
      expect(first.status).toBe(200);
      expectOfficial('listGlossaryEntries', 200, first.body);
      expect(first.body.items).toHaveLength(50);
      expect(first.body.count).toBe(1000);
      const next = await t.call('reader', 'GET', `${path}?limit=50&page=${first.body.next.page}`);
      expect(next.body.items[0].id).not.toBe(first.body.items[0].id);
    }, 60_000);

    it('scales the insights in large: audit events by members on spaces, questions with their answers, findings of real scans', async () => {
      const org = large.id('organizations', 'large-org');
      const site = `/v1/orgs/${org}/sites/${large.id('sites', 'large-site')}`;
      // The state's own tables (an export of large's 100,000 comments takes seconds).
      const db = large.mock!.runtime.db;
      const state = { officialRecords: db.officialRecords.list() };
      const users = new Map(db.users.list().map((u) => [u.id, u.displayName]));
      const spaces = new Map(db.spaces.list().map((s) => [s.id, s.title]));
      const events = await t.call('admin', 'GET', `/v1/orgs/${org}/audit-events?limit=100`);
      expectOfficial('listOrganizationAuditEvents', 200, events.body);
      expect(events.body.count).toBe(1001);
      for (const e of events.body.items) {
        expect(users.get(e.actor.id)).toBe(e.actor.label);
        expect(spaces.get(e.target.id)).toBe(e.target.label);
      }
      const questions = await t.call('admin', 'GET', `${site}/questions?limit=100`);
      expectOfficial('listSiteQuestions', 200, questions.body);
      expect(questions.body.count).toBe(201);
      const answers = await t.call('admin', 'GET', `${site}/answers?limit=100`);
      const asked = new Set(state.officialRecords.filter((r: { family: string }) => r.family.endsWith('/questions')).map((r: { id: string }) => r.id));
      for (const a of answers.body.items) expect(asked.has(a.question.id)).toBe(true);
      const scans = new Set(state.officialRecords.filter((r: { family: string }) => r.family.endsWith('/scans')).map((r: { id: string }) => r.id));
      const findings = await t.call('admin', 'GET', `${site}/findings?limit=100`);
      expectOfficial('listSiteFindings', 200, findings.body);
      expect(findings.body.count).toBe(21);
      for (const f of findings.body.items) expect(scans.has(f.scan)).toBe(true);
    }, 60_000);
  });

  describe('with a second mock to import into', () => {
    const other = callsOn(useGitBookMock({ wallClock: () => 0 }));

    it('keeps generic records per session, and through a state export and import', async () => {
      const connections = t.path('/v1/orgs/{organizations.acme}/sites/{sites.docs-site}/context-connections');
      const body = bodyFor(genericRows.find((r) => r.operationId === 'createSiteContextConnection')!);
      const made = await t.call('admin', 'POST', connections, body, { 'x-mock-session': 'one' });
      expect(made.status).toBe(201);
      const path = `${connections}/${made.body.id}`;
      expect((await t.call('admin', 'GET', path, undefined, { 'x-mock-session': 'one' })).status).toBe(200);
      expect((await t.call('admin', 'GET', path, undefined, { 'x-mock-session': 'two' })).status).toBe(404);
      expect((await t.call('admin', 'GET', path)).status).toBe(404);

      const exported = (await t.admin('GET', '/__admin/state')).body;
      const kept = await t.call('admin', 'POST', connections, body);
      await t.call('admin', 'PATCH', `${connections}/${kept.body.id}`, { label: 'Kept desk' });
      expect((await other.admin('PUT', '/__admin/state', (await t.admin('GET', '/__admin/state')).body)).status).toBe(200);
      const listed = await other.call('reader', 'GET', connections);
      expect(listed.body.items.map((c: { id: string }) => c.id)).toEqual([gb.id('officialRecords', 'support-inbox'), kept.body.id]);
      expect((await other.call('reader', 'GET', `${connections}/${kept.body.id}`)).body.label).toBe('Kept desk');
      expect(exported.officialRecords.map((r: { family: string }) => r.family)).toContain('/v1/orgs/{}/sites/{}/context-connections');
    });
  });

  it('makes a singleton anew on its action (regenerate), keeping what was written, and shows it after', async () => {
    const auth = t.path('/v1/orgs/{organizations.acme}/sites/{sites.docs-site}/publishing/auth');
    const before = await t.call('reader', 'GET', auth);
    expectOfficial('getSitePublishingAuthById', 200, before.body);
    expect((await t.call('reader', 'POST', `${auth}/regenerate`)).status).toBe(403);
    const regenerated = await t.call('admin', 'POST', `${auth}/regenerate`);
    expect(regenerated.status).toBe(200);
    expectOfficial('regenerateSitePublishingAuthById', 200, regenerated.body);
    expect(regenerated.body).not.toEqual(before.body);
    expect((await t.call('reader', 'GET', auth)).body).toEqual(regenerated.body);
  });

  it('takes a batch on a collection: glossary operations, context records by id; a bad one changes nothing', async () => {
    const glossary = t.path('/v1/orgs/{organizations.acme}/translations-glossary');
    const starter = gb.id('officialRecords', 'glossary-handbook');
    const batch = { operations: [
      { type: 'insert', translations: { en: 'space', fr: 'espace' } },
      { type: 'update', id: starter, translations: { en: 'handbook', fr: 'guide' } },
    ] };
    expect((await t.call('reader', 'PUT', glossary, batch)).status).toBe(403);
    expect((await t.call('admin', 'PUT', glossary, batch)).status).toBe(204);
    const listed = await t.call('reader', 'GET', glossary);
    expectOfficial('listGlossaryEntries', 200, listed.body);
    expect(listed.body.items.map((e: { translations: object }) => e.translations)).toEqual([{ en: 'handbook', fr: 'guide' }, { en: 'space', fr: 'espace' }]);
    const before = (await t.admin('GET', '/__admin/state')).body.officialRecords;
    const bad = await t.call('admin', 'PUT', glossary, { operations: [{ type: 'delete', id: starter }, { type: 'delete', id: 'not-there' }] });
    expect(bad.status).toBe(404);
    expect((await t.admin('GET', '/__admin/state')).body.officialRecords).toEqual(before);
    expect((await t.call('admin', 'PUT', glossary, { operations: [{ type: 'delete', id: starter }] })).status).toBe(204);
    expect((await t.call('admin', 'GET', `${glossary}/${starter}`)).status).toBe(404);

    const records = t.path('/v1/orgs/{organizations.acme}/sites/{sites.docs-site}/context-records');
    const upsert = [{ id: 'ticket-42', type: 'ticket', title: 'Cannot log in', body: 'Since Monday' }];
    const put = await t.call('admin', 'PUT', records, upsert);
    expect(put.status, JSON.stringify(put.body)).toBe(204);
    const got = await t.call('reader', 'GET', `${records}/ticket-42`);
    expect(got.status).toBe(200);
    expectOfficial('getSiteContextRecordById', 200, got.body);
    expect(got.body).toMatchObject({ id: 'ticket-42', title: 'Cannot log in', type: 'ticket' });
  });

  it('readies an agent conversation and keeps nothing: it is recorded at its first message', async () => {
    const conversations = '/v1/orgs/{organizations.acme}/agent/conversations';
    const listed = async () => (await t.call('admin', 'GET', conversations)).body.items.map((c: { id: string }) => c.id);
    const before = await listed();
    expect(before).toEqual([gb.id('officialRecords', 'per-diem-chat')]);
    expect((await t.call('admin', 'PUT', `${conversations}/fresh-conversation`)).status).toBe(204);
    expect((await t.call('admin', 'PUT', `${conversations}/{officialRecords.per-diem-chat}`)).status).toBe(204);
    expect(await listed()).toEqual(before);
  });

  it("shows an answer's AI response the record does not hold as an empty one of its own: the answer's responseId, else its id", async () => {
    const answer = gb.id('officialRecords', 'per-diem-answer');
    const path = `/v1/orgs/{organizations.acme}/sites/{sites.docs-site}/answers/${answer}`;
    const state = (await t.admin('GET', '/__admin/state')).body;
    const record = state.officialRecords.find((r: { id: string }) => r.id === answer);
    delete record.fields.response;
    expect((await t.admin('PUT', '/__admin/state', state)).status).toBe(200);
    const kept = await t.call('admin', 'GET', path);
    expectOfficial('getSiteQuestionAnswerById', 200, kept.body);
    expect(kept.body.response).toEqual({ id: record.fields.responseId, role: 'assistant', steps: [] });
    delete record.fields.responseId;
    expect((await t.admin('PUT', '/__admin/state', state)).status).toBe(200);
    expect((await t.call('admin', 'GET', path)).body.response).toEqual({ id: answer, role: 'assistant', steps: [] });
  });

  it('filters a family\'s list by a query value naming a field its objects show', async () => {
    const records = t.path('/v1/orgs/{organizations.acme}/sites/{sites.docs-site}/context-records');
    // The scenario's own records (starter seeds one) stay in the lists, with their own types.
    const ids = (res: { body: { items: { id: string; type: string }[] } }) => res.body.items.map((r) => r.id);
    const seeded = (await t.call('reader', 'GET', records)).body.items as { id: string; type: string }[];
    const seededOf = (type: string) => seeded.filter((r) => r.type === type).map((r) => r.id);
    const upsert = [{ id: 'ticket-7', type: 'ticket', title: 'Slow search', body: 'Since Friday' }, { id: 'doc-8', type: 'document', title: 'Runbook', body: 'Steps' }];
    expect((await t.call('admin', 'PUT', records, upsert)).status).toBe(204);
    const tickets = await t.call('reader', 'GET', `${records}?type=ticket`);
    expectOfficial('listSiteContextRecords', 200, tickets.body);
    expect(ids(tickets).sort()).toEqual([...seededOf('ticket'), 'ticket-7'].sort());
    expect(ids(await t.call('reader', 'GET', `${records}?type=document`)).sort()).toEqual([...seededOf('document'), 'doc-8'].sort());
    expect((await t.call('reader', 'GET', records)).body.items).toHaveLength(seeded.length + 2);
  });
});
