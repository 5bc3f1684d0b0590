import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const SPACE = '/v1/spaces/{spaces.handbook}';

/** The organization's spaces under `parent`, in sibling order, from the exported state. */
async function order(t: Calls, parent?: string): Promise<string[]> {
  const state = (await t.admin('GET', '/__admin/state')).body;
  return state.spaces
    .filter((s: any) => s.organization === gb.id('organizations', 'acme') && s.parent === parent)
    .sort((a: any, b: any) => a.position - b.position)
    .map((s: any) => s.id);
}

describe('POST /v1/spaces/{spaceId}/duplicate', () => {
  it('creates a new space with a derived title through the official client', async () => {
    const { data, status } = await gb.client('creator').spaces.duplicateSpace(gb.id('spaces', 'handbook'));
    expect(status).toBe(201);
    expectOfficial('duplicateSpace', 201, data);
    expect(data.id).not.toBe(gb.id('spaces', 'handbook'));
    expect(data.title).toBe('Employee Handbook (copy)');
    expect(data.organization).toBe(gb.id('organizations', 'acme'));
  });

  it('copies pages and files into a new revision with fresh ids', async () => {
    const copy = (await t.call('admin', 'POST', `${SPACE}/duplicate`)).body;
    const state = (await t.admin('GET', '/__admin/state')).body;
    const original = (await t.call('admin', 'GET', SPACE)).body;
    const rev = (id: string) => state.revisions.find((r: any) => r.id === id);
    const flat = (pages: any[]): any[] => pages.flatMap((p) => [p, ...flat(p.pages)]);
    const a = rev(original.revision);
    const b = rev(copy.revision);
    expect(copy.revision).not.toBe(original.revision);
    expect(b.space).toBe(copy.id);
    expect(flat(b.pages).map((p) => p.title)).toEqual(flat(a.pages).map((p) => p.title));
    expect(flat(b.pages).map((p) => p.markdown)).toEqual(flat(a.pages).map((p) => p.markdown));
    const oldIds = new Set([...flat(a.pages), ...a.files].map((x) => x.id));
    expect([...flat(b.pages), ...b.files].some((x) => oldIds.has(x.id))).toBe(false);
    expect(b.files.map((f: any) => f.name)).toEqual(a.files.map((f: any) => f.name));
  });

  it('copies neither comments nor change requests', async () => {
    const copy = (await t.call('admin', 'POST', `${SPACE}/duplicate`)).body;
    expect(copy).toMatchObject({ comments: 0, changeRequests: 0 });
    expect((await t.call('admin', 'GET', `/v1/spaces/${copy.id}/comments`)).body.count).toBe(0);
  });

  it('keeps the derived title within 50 characters', async () => {
    await t.call('admin', 'PATCH', SPACE, { title: 'z'.repeat(50) });
    const copy = (await t.call('admin', 'POST', `${SPACE}/duplicate`)).body;
    expect(copy.title).toBe(`${'z'.repeat(43)} (copy)`);
  });

  it('places the copy right after the original', async () => {
    const copy = (await t.call('admin', 'POST', `${SPACE}/duplicate`)).body;
    expect(await order(t)).toEqual([gb.id('spaces', 'handbook'), copy.id, gb.id('spaces', 'api-docs')]);
  });

  it('is 403 for an editor (creating content needs the create role)', async () => {
    expect((await t.call('editor', 'POST', `${SPACE}/duplicate`)).status).toBe(403);
    expect(await order(t)).toHaveLength(2);
  });
});

describe('POST /v1/spaces/{spaceId}/move', () => {
  it('moves into a collection through the official client', async () => {
    const { data } = await gb.client('admin').spaces.moveSpace(gb.id('spaces', 'handbook'), { parent: 'collection-1' });
    expectOfficial('moveSpace', 200, data);
    expect(data.parent).toBe('collection-1');
  });

  it('moves back to the root with parent null', async () => {
    await t.call('admin', 'POST', `${SPACE}/move`, { parent: 'collection-1' });
    const res = await t.call('admin', 'POST', `${SPACE}/move`, { parent: null });
    expect(res.status).toBe(200);
    expect(res.body.parent).toBeUndefined();
  });

  it('places the space after a sibling', async () => {
    const api = gb.id('spaces', 'api-docs');
    await t.call('admin', 'POST', `${SPACE}/move`, { position: { after: { type: 'space', space: api } } });
    expect(await order(t)).toEqual([api, gb.id('spaces', 'handbook')]);
  });

  it('places the space before a sibling', async () => {
    const api = gb.id('spaces', 'api-docs');
    await t.call('admin', 'POST', `${SPACE}/move`, { position: { after: { type: 'space', space: api } } });
    await t.call('admin', 'POST', `${SPACE}/move`, { position: { before: { type: 'space', space: api } } });
    expect(await order(t)).toEqual([gb.id('spaces', 'handbook'), api]);
  });

  it('refuses a position next to a space that is not a sibling (400) and changes nothing', async () => {
    const before = await order(t);
    const res = await t.call('admin', 'POST', `${SPACE}/move`, {
      parent: 'collection-1',
      position: { after: { type: 'space', space: gb.id('spaces', 'api-docs') } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('body.position.after.space');
    expect(await order(t)).toEqual(before);
  });

  it.each([
    [{}, 'body'],
    [{ parent: 42 }, 'body.parent'],
    [{ position: { before: { type: 'space' } } }, 'body.position.before'],
  ])('refuses %j with 400', async (body, field) => {
    const res = await t.call('admin', 'POST', `${SPACE}/move`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
  });

  it('is 403 for a member below admin', async () => {
    expect((await t.call('creator', 'POST', `${SPACE}/move`, { parent: null })).status).toBe(403);
  });
});

describe('POST /v1/spaces/{spaceId}/transfer', () => {
  it('moves the space to another organization where the caller is admin', async () => {
    const res = await t.call('admin', 'POST', `${SPACE}/transfer`, { organization: gb.id('organizations', 'globex') });
    expect(res.status).toBe(200);
    expect(res.body.organization).toBe(gb.id('organizations', 'globex'));
    expectOfficial('getSpaceById', 200, res.body);
    expect((await t.call('admin', 'GET', SPACE)).body.organization).toBe(gb.id('organizations', 'globex'));
  });

  it('leaves members of the old organization without access (404)', async () => {
    await t.call('admin', 'POST', `${SPACE}/transfer`, { organization: gb.id('organizations', 'globex') });
    expect((await t.call('editor', 'GET', SPACE)).status).toBe(404);
  });

  it('is 404 for an unknown organization, and nothing changes', async () => {
    const res = await t.call('admin', 'POST', `${SPACE}/transfer`, { organization: 'nowhere' });
    expect(res.status).toBe(404);
    expect((await t.call('admin', 'GET', SPACE)).body.organization).toBe(gb.id('organizations', 'acme'));
  });

  it('is 409 to the organization the space is already in', async () => {
    const res = await t.call('admin', 'POST', `${SPACE}/transfer`, { organization: gb.id('organizations', 'acme') });
    expect(res.status).toBe(409);
  });

  it('is 404 for a target organization the caller is not a member of', async () => {
    // Make the editor an admin of the space, but not a member of globex.
    await t.call('admin', 'PATCH', SPACE, { defaultLevel: 'admin' });
    const res = await t.call('editor', 'POST', `${SPACE}/transfer`, { organization: gb.id('organizations', 'globex') });
    expect(res.status).toBe(404);
  });

  it('is 403 where the caller is a member but not admin of the target', async () => {
    const globex = gb.id('organizations', 'globex');
    const editor = gb.id('users', 'editor');
    gb.mock!.runtime.db.members.insert({ id: `${globex}:${editor}`, organization: globex, user: editor, role: 'edit', joinedAt: gb.manifest.now, sso: false, disabled: false });
    await t.call('admin', 'PATCH', SPACE, { defaultLevel: 'admin' });
    const res = await t.call('editor', 'POST', `${SPACE}/transfer`, { organization: globex });
    expect(res.status).toBe(403);
  });

  it('is 403 for a member below admin of the space', async () => {
    expect((await t.call('creator', 'POST', `${SPACE}/transfer`, { organization: gb.id('organizations', 'globex') })).status).toBe(403);
  });

  it('needs organization (400)', async () => {
    const res = await t.call('admin', 'POST', `${SPACE}/transfer`, {});
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('body.organization');
  });
});
