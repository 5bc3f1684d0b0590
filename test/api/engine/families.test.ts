/**
 * Every family of the resource engine, driven the same way with every role of `starter`:
 * create → get → list → update → delete → get 404 where the role may write; 403 on writes
 * where it may only read; 404 where it may not see the parent. Every success body is checked
 * against the official response schema.
 */
import { describe, expect, it } from 'vitest';
import { can } from '../../../src/auth/roles.ts';
import { FAMILIES } from '../../../src/resources/families/index.ts';
import { officialRoute } from '../../../src/resources/engine/operations.ts';
import { OFFICIAL_ANSWERS } from '../../../src/contract/official-answers.ts';
import type { Family } from '../../../src/resources/engine/family.ts';
import { STARTER_ROLES } from '../../helpers/permissions.ts';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const ROLES = STARTER_ROLES;

/** The official path of `operationId` with the starter parent's ids and `id` as the item. */
function pathOf(t: Calls, operationId: string, id = 'none'): string {
  const { path } = officialRoute(operationId);
  const last = [...path.matchAll(/\{(\w+)\}/g)].at(-1)?.[1];
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'organizationId') return gb.id('organizations', 'acme');
    if (name === 'siteId') return gb.id('sites', 'docs-site');
    if (name === 'spaceId') return gb.id('spaces', 'handbook');
    if (name === last) return id;
    throw new Error(`no value for {${name}}`);
  });
}

/** The record as its family's reads show it: by get, or else from its list. */
async function read(t: Calls, family: Family, user: string, id: string): Promise<{ status: number; body: any }> {
  const { get, list } = family.operations;
  if (get) {
    const res = await t.call(user, 'GET', pathOf(t, get, id));
    if (res.status === 200) expectOfficial(get, 200, res.body);
    return res;
  }
  const res = await t.call(user, 'GET', `${pathOf(t, list!)}?limit=1000`);
  expect(res.status).toBe(200);
  const found = res.body.items.find((item: { id: string }) => item.id === id);
  return found ? { status: 200, body: found } : { status: 404, body: undefined };
}

/** A body without what depends on who reads it (an object's `permissions` are the caller's). */
function record(body: any): unknown {
  if (!body || typeof body !== 'object') return body;
  const { permissions: _caller, ...rest } = body;
  return rest;
}

// A family the official document gives no list (site external links: they show in the site's
// structure) has tests of its own (test/api/sites/external-links.test.ts).
describe.each(FAMILIES.filter((f) => f.operations.list).map((f) => [f.collection, f] as const))('engine family %s', (_name, family) => {
  const ops = family.operations;
  const createCap = family.access.create ?? family.access.write;
  // Each write with its official method and success status (a font is made with PUT, changed with POST: 201).
  const createMethod = officialRoute(ops.create!).method;
  const updateMethod = officialRoute(ops.update!).method;
  const updateStatus = OFFICIAL_ANSWERS[ops.update!]![0];

  it.each(ROLES)('as %s: create, get, list, update, delete, then get 404 (or the refusals of its role)', async (user, role) => {
    const create = () => t.call(user, createMethod, pathOf(t, ops.create!), family.example.create);
    if (role === undefined) {
      expect((await t.call(user, 'GET', pathOf(t, ops.list!))).status).toBe(404);
      expect((await create()).status).toBe(404);
      return;
    }
    const listed = await t.call(user, 'GET', pathOf(t, ops.list!));
    expect(listed.status).toBe(can(role, family.access.read) ? 200 : 403);
    if (listed.status === 200) expectOfficial(ops.list!, 200, listed.body);

    // A record made by the admin, for the roles that may not make their own.
    let made = await create();
    if (!can(role, createCap)) {
      expect(made.status).toBe(403);
      made = await t.call('admin', createMethod, pathOf(t, ops.create!), family.example.create);
    }
    expect(made.status).toBe(201);
    expectOfficial(ops.create!, 201, made.body);
    const id = made.body.id as string;

    const got = await read(t, family, user, id);
    expect(got.status).toBe(200);
    expect(record(got.body)).toEqual(record(made.body));
    const list = await t.call(user, 'GET', `${pathOf(t, ops.list!)}?limit=1000`);
    expect(list.body.items.map((i: { id: string }) => i.id)).toContain(id);

    const updated = await t.call(user, updateMethod, pathOf(t, ops.update!, id), family.example.update);
    if (!can(role, family.access.write)) {
      expect(updated.status).toBe(403);
      expect((await t.call(user, 'DELETE', pathOf(t, ops.delete!, id))).status).toBe(403);
      expect(record((await read(t, family, user, id)).body)).toEqual(record(made.body));
      return;
    }
    expect(updated.status).toBe(updateStatus);
    expectOfficial(ops.update!, updateStatus, updated.body);
    expect(updated.body).toMatchObject(family.example.update);
    expect(record((await read(t, family, user, id)).body)).toEqual(record(updated.body));

    const removed = await t.call(user, 'DELETE', pathOf(t, ops.delete!, id));
    expect([204, 205]).toContain(removed.status);
    expect((await read(t, family, user, id)).status).toBe(404);
    expect((await t.call(user, updateMethod, pathOf(t, ops.update!, id), family.example.update)).status).toBe(404);
  });

  it('pages its list with the official cursor, and refuses a bad body naming the field', async () => {
    for (let i = 0; i < 3; i++) {
      const body = { ...(family.example.create as object) } as Record<string, unknown>;
      if (typeof body.source === 'string') body.source = `/paged-${i}`;
      expect((await t.call('admin', createMethod, pathOf(t, ops.create!), body)).status).toBe(201);
    }
    const first = await t.call('admin', 'GET', `${pathOf(t, ops.list!)}?limit=2`);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.next.page).toEqual(expect.any(String));
    const second = await t.call('admin', 'GET', `${pathOf(t, ops.list!)}?limit=2&page=${first.body.next.page}`);
    const ids = [...first.body.items, ...second.body.items].map((i: { id: string }) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(first.body.count);

    const before = await t.admin('GET', '/__admin/state');
    const bad = await t.call('admin', createMethod, pathOf(t, ops.create!), { title: 7, source: 7, destination: 7 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/body\.\w+/);
    expect((await t.admin('GET', '/__admin/state')).body[family.collection]).toEqual(before.body[family.collection]);
  });
});
