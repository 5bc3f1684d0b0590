/** Named snapshots (/__admin/snapshots) and one record edited (PUT /__admin/state/{collection}/{id}), in-process. */
import { beforeEach, describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../../src/vitest/index.ts';
import { callsOn, clearKept, type Calls } from '../../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);
// Each test expects a mock as new: no journal, other session, snapshot or coverage left by the one before.
beforeEach(() => clearKept(t));

const inSession = (session: string) => ({ 'X-Mock-Session': session });

async function admin(t: Calls, method: string, path: string, session?: string, body?: unknown) {
  const headers: Record<string, string> = session ? inSession(session) : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await gb.fetch(`${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

describe('named snapshots', () => {
  it('saves a session\'s state under a name and loads it into another session', async () => {
    const space = gb.id('spaces', 'handbook');
    await t.call('admin', 'DELETE', `/v1/spaces/${space}`, undefined, inSession('alice'));
    const saved = await admin(t, 'PUT', '/__admin/snapshots/trashed-handbook', 'alice');
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ name: 'trashed-handbook', scenario: 'starter', session: 'alice' });
    expect(saved.body.bytes).toBeGreaterThan(1000);

    expect((await admin(t, 'GET', '/__admin/snapshots')).body.items.map((s: { name: string }) => s.name)).toEqual(['trashed-handbook']);
    // Bob still sees the space, then loads alice's snapshot and sees it deleted.
    expect((await t.call('admin', 'GET', `/v1/spaces/${space}`, undefined, inSession('bob'))).status).toBe(200);
    const loaded = await admin(t, 'POST', '/__admin/snapshots/trashed-handbook/load', 'bob');
    expect(loaded.status).toBe(200);
    expect(loaded.body.name).toBe('trashed-handbook');
    const bobs = await admin(t, 'GET', '/__admin/state', 'bob');
    const alices = await admin(t, 'GET', '/__admin/state', 'alice');
    expect(bobs.body).toEqual(alices.body);
    // The default session is untouched.
    expect((await t.call('admin', 'GET', `/v1/spaces/${space}`)).status).toBe(200);
  });

  it('downloads a snapshot as the export file, replaces one saved under the same name, and deletes it', async () => {
    await admin(t, 'PUT', '/__admin/snapshots/base');
    const file = await gb.fetch('/__admin/snapshots/base');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="base.json"');
    expect(await file.json()).toEqual((await admin(t, 'GET', '/__admin/state')).body);
    expect((await admin(t, 'PUT', '/__admin/snapshots/base')).status).toBe(200);
    expect((await admin(t, 'DELETE', '/__admin/snapshots/base')).status).toBe(204);
    expect((await admin(t, 'GET', '/__admin/snapshots')).body.items).toEqual([]);
  });

  it('answers 404 naming an unknown snapshot and 400 for a bad name, changing nothing', async () => {
    const before = await admin(t, 'GET', '/__admin/state');
    const missing = await admin(t, 'POST', '/__admin/snapshots/nope/load');
    expect(missing).toMatchObject({ status: 404, body: { error: { code: 404, message: 'snapshot "nope" not found' } } });
    const bad = await admin(t, 'PUT', `/__admin/snapshots/${encodeURIComponent('a b')}`);
    expect(bad).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('path.name') } } });
    expect((await admin(t, 'GET', '/__admin/state')).body).toEqual(before.body);
  });
});

describe('one record edited', () => {
  it('replaces a record and the API serves it', async () => {
    const id = gb.id('spaces', 'handbook');
    const state = (await admin(t, 'GET', '/__admin/state')).body;
    const record = { ...state.spaces.find((s: { id: string }) => s.id === id), title: 'Edited by QA' };
    const res = await admin(t, 'PUT', `/__admin/state/spaces/${id}`, undefined, record);
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Edited by QA');
    expect((await t.call('admin', 'GET', `/v1/spaces/${id}`)).body.title).toBe('Edited by QA');
  });

  it('refuses a bad record with a 400 naming the path in the body, and changes nothing', async () => {
    const id = gb.id('spaces', 'handbook');
    const before = (await admin(t, 'GET', '/__admin/state')).body;
    const record = before.spaces.find((s: { id: string }) => s.id === id);
    const cases: [unknown, RegExp][] = [
      [{ ...record, visibility: 'everyone' }, /^Invalid record: body\.visibility must be one of/],
      [{ ...record, organization: 'no-such-org' }, /^Invalid record: body\.organization "no-such-org" is not an id of organizations/],
      [{ ...record, id: 'another-id' }, /^body\.id must stay/],
      [[record], /^body must be object$/],
    ];
    for (const [body, message] of cases) {
      const res = await admin(t, 'PUT', `/__admin/state/spaces/${id}`, undefined, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
    expect((await admin(t, 'PUT', `/__admin/state/nothing/${id}`, undefined, record)).status).toBe(404);
    expect((await admin(t, 'PUT', '/__admin/state/spaces/no-such-id', undefined, record)).status).toBe(404);
    expect((await admin(t, 'GET', '/__admin/state')).body).toEqual(before);
  });
});
