/**
 * Wrong input to the admin API is refused, never ignored (issue 27): an unknown query
 * parameter of an admin GET is a 400 naming it and the known ones; a GET naming a session that
 * does not exist answers as the session would start, with X-Mock-Warning naming the sessions that do, and does not create it. In-process.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, clearKept, type Calls } from '../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);
// Each test expects a mock as new: no journal, other session, snapshot or coverage left by the one before.
beforeEach(() => clearKept(t));

async function admin(t: Calls, method: string, path: string, session?: string) {
  const res = await gb.fetch(`${path}`, { method, headers: session ? { 'X-Mock-Session': session } : {} });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

const sessionNames = async (t: Calls) => (await admin(t, 'GET', '/__admin/sessions')).body.items.map((s: { name: string }) => s.name);

describe('unknown query parameters of admin GETs', () => {
  it('GET /__admin/requests?operationID= is a 400 naming it, the nearest known one and all of them', async () => {
    await t.call('reader', 'GET', '/v1/user');
    const res = await admin(t, 'GET', '/__admin/requests?operationID=getSpaceById');
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: { error: { code: 400, message: 'query.operationID is not a parameter of GET /__admin/requests; did you mean operationId? It takes method, path, operationId, status' } },
    });
    expect((await admin(t, 'GET', '/__admin/requests?operationId=getSpaceById')).body.items).toEqual([]);
  });

  it.each(['/__admin/events?kind=x', '/__admin/clock?at=now', '/__admin/coverage?session=a', '/__admin/state?pretty=1', '/__admin/faults?id=1', '/__admin/sessions?all=1'])(
    '%s: 400 naming the parameter',
    async (path) => {
      const name = new URL(path, 'http://x').searchParams.keys().next().value;
      const res = await admin(t, 'GET', path);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(new RegExp(`^query\\.${name} is not a parameter of GET /__admin/`));
    },
  );

  it('leaves the console and the API reference pages alone', async () => {
    expect((await gb.fetch('/__admin/ui?from=link')).status).toBe(200);
  });
});

describe('reading a session that does not exist', () => {
  it('answers as the new session would start, with X-Mock-Warning naming those that exist, and does not create it', async () => {
    await admin(t, 'DELETE', '/__admin/requests', 'alice');
    const warning =
      'Session "typo" does not exist: this answer is what it would hold when started, and reading it did not start it; this server has sessions default, alice. A write naming it (a scenario load, POST /__admin/reset, PUT /__admin/sessions/typo, an API request) starts it';
    for (const path of ['/__admin/coverage', '/__admin/health', '/__admin/state', '/__admin/requests', '/__admin/clock', '/__admin/manifest']) {
      const res = await admin(t, 'GET', path, 'typo');
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-mock-warning'), path).toBe(warning);
      // The same answer a session started now would give (docs/contract.md, "Sessions").
      expect(res.body, path).toEqual((await admin(t, 'GET', path)).body);
    }
    expect(await sessionNames(t)).toEqual(['default', 'alice']);
    // The list of sessions belongs to none: it answers whatever session is named.
    expect((await admin(t, 'GET', '/__admin/sessions', 'typo')).body.items.map((s: { name: string }) => s.name)).toEqual(['default', 'alice']);
  });

  it('a write still starts it, as does PUT /__admin/sessions/{name} (201, then 200)', async () => {
    expect((await admin(t, 'POST', '/__admin/reset', 'by-reset')).status).toBe(200);
    expect((await t.call('reader', 'GET', '/v1/user', undefined, { 'X-Mock-Session': 'by-api' })).status).toBe(200);
    const started = await admin(t, 'PUT', '/__admin/sessions/by-console');
    expect(started).toMatchObject({ status: 201, body: { name: 'by-console', scenario: 'starter' } });
    expect((await admin(t, 'PUT', '/__admin/sessions/by-console')).status).toBe(200);
    expect((await admin(t, 'PUT', `/__admin/sessions/${encodeURIComponent('no way')}`)).status).toBe(400);
    expect(await sessionNames(t)).toEqual(['default', 'by-reset', 'by-api', 'by-console']);
    expect((await admin(t, 'GET', '/__admin/health', 'by-console')).status).toBe(200);
  });
});
