/**
 * Sessions (docs/contract.md "Sessions", issue 14): `X-Mock-Session` selects an isolated state,
 * clock, journal, fault rules and coverage; the sessions admin API; bad names. In-process.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useGitBookMock, type GitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, clearKept } from '../../helpers/calls.ts';
import { CliError, parseCli } from '../../../src/cli-args.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);
// Each test expects a mock as new: no session, journal or coverage left by the one before.
beforeEach(() => clearKept(t));

/** A call as `user` in session `session` (undefined: the default session). */
function inSession(gb: GitBookMock, session: string | undefined) {
  const headers: Record<string, string> = session === undefined ? {} : { 'x-mock-session': session };
  return {
    call: (user: string | null, method: string, path: string, body?: unknown) => callsOn(gb).call(user, method, path, body, headers),
    admin: async (method: string, path: string, body?: unknown) => {
      const init: RequestInit = { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) } };
      if (body !== undefined) init.body = JSON.stringify(body);
      const res = await gb.fetch(`${path}`, init);
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
    },
  };
}

describe('X-Mock-Session', () => {
  it('gives each session its own state, forked from the default session', async () => {
    const a = inSession(gb, 'file-a');
    const b = inSession(gb, 'file-b');
    expect((await a.call('admin', 'DELETE', '/v1/spaces/{spaces.handbook}')).status).toBe(205);
    const listed = async (s: ReturnType<typeof inSession>) =>
      (await s.call('admin', 'GET', '/v1/orgs/{organizations.acme}/spaces')).body.items.map((x: { id: string }) => x.id);
    expect(await listed(a)).not.toContain(gb.id('spaces', 'handbook'));
    expect(await listed(b)).toContain(gb.id('spaces', 'handbook'));
    expect(await listed(inSession(gb, undefined))).toContain(gb.id('spaces', 'handbook'));
    // A write in the default session does not reach a session either.
    await t.call('admin', 'PATCH', '/v1/spaces/{spaces.handbook}', { title: 'Default title' });
    expect((await b.call('admin', 'GET', '/v1/spaces/{spaces.handbook}')).body.title).not.toBe('Default title');
  });

  it('runs two sessions with different scenarios and clocks side by side', async () => {
    const review = inSession(gb, 'review-suite');
    const trash = inSession(gb, 'trash-suite');
    const loaded = await review.admin('POST', '/__admin/scenarios/review');
    expect(loaded.status).toBe(200);
    expect(loaded.body.scenario).toBe('review');
    await trash.admin('POST', '/__admin/scenarios/trash');
    await review.admin('POST', '/__admin/clock', { advance: 'P7D' });
    await trash.admin('POST', '/__admin/clock', { now: '2030-05-01T12:00:00.000Z' });
    await trash.admin('POST', '/__admin/clock', { frozen: true });

    const [r, tr, d] = await Promise.all([review.admin('GET', '/__admin/health'), trash.admin('GET', '/__admin/health'), t.admin('GET', '/__admin/health')]);
    expect(r.body.scenario).toBe('review');
    expect(tr.body.scenario).toBe('trash');
    expect(d.body.scenario).toBe('starter');
    expect(Date.parse(r.body.now) - Date.parse(loaded.body.now)).toBe(7 * 24 * 3600 * 1000);
    expect(tr.body.now).toBe('2030-05-01T12:00:00.000Z');
    expect((await trash.admin('GET', '/__admin/clock')).body).toEqual({ now: '2030-05-01T12:00:00.000Z', frozen: true });
    expect((await t.admin('GET', '/__admin/clock')).body.frozen).toBe(false);
    expect(d.body.now).toBe(gb.manifest.now);
    // Each session holds its own scenario's entities.
    const crPath = `/v1/spaces/${loaded.body.ids.spaces.handbook}/change-requests/${loaded.body.ids.changeRequests['cr-draft']}`;
    const token = loaded.body.tokens.admin;
    expect((await review.call(token, 'GET', crPath)).status).toBe(200);
    expect((await trash.call(token, 'GET', crPath)).status).toBe(404);
  });

  describe('on a mock of its own', () => {
    // A load in the default session changes what later resets go back to.
    const gb = useGitBookMock({ wallClock: () => 0 });
    const t = callsOn(gb);

    it('creates a new session from the scenario loaded in the default session, not its later writes', async () => {
      await t.admin('POST', '/__admin/scenarios/review');
      const manifest = (await t.admin('GET', '/__admin/manifest')).body;
      const spaceId = Object.values(manifest.ids.spaces as Record<string, string>)[0];
      await t.call(manifest.tokens.admin, 'DELETE', `/v1/spaces/${spaceId}`);
      const fresh = inSession(gb, 'late');
      expect((await fresh.call(manifest.tokens.admin, 'GET', `/v1/spaces/${spaceId}`)).status).toBe(200);
      expect((await fresh.admin('GET', '/__admin/health')).body.scenario).toBe('review');
      expect((await fresh.admin('POST', '/__admin/reset')).body).toEqual(manifest);
    });
  });

  it('resets only the session the header names', async () => {
    const a = inSession(gb, 'a');
    const b = inSession(gb, 'b');
    await a.call('admin', 'PATCH', '/v1/spaces/{spaces.handbook}', { title: 'Changed in a' });
    await b.call('admin', 'PATCH', '/v1/spaces/{spaces.handbook}', { title: 'Changed in b' });
    await t.call('admin', 'PATCH', '/v1/spaces/{spaces.handbook}', { title: 'Changed in default' });
    expect((await a.admin('POST', '/__admin/reset')).status).toBe(200);
    expect((await a.call('admin', 'GET', '/v1/spaces/{spaces.handbook}')).body.title).toBe('Employee Handbook');
    expect((await b.call('admin', 'GET', '/v1/spaces/{spaces.handbook}')).body.title).toBe('Changed in b');
    expect((await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}')).body.title).toBe('Changed in default');
    // State export and import act on the session too.
    const exported = (await b.admin('GET', '/__admin/state')).body;
    expect(exported.spaces.find((s: { id: string }) => s.id === gb.id('spaces', 'handbook')).title).toBe('Changed in b');
    expect((await a.admin('PUT', '/__admin/state', exported)).status).toBe(200);
    expect((await a.call('admin', 'GET', '/v1/spaces/{spaces.handbook}')).body.title).toBe('Changed in b');
    expect((await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}')).body.title).toBe('Changed in default');
  });

  it('keeps a request journal per session', async () => {
    const a = inSession(gb, 'journal-a');
    await a.call('admin', 'GET', '/v1/orgs');
    await a.call('admin', 'GET', '/v1/nothing-here');
    await t.call('admin', 'GET', '/v1/user');
    const items = (await a.admin('GET', '/__admin/requests')).body.items;
    expect(items.map((i: { path: string; status: number }) => `${i.path} ${i.status}`)).toEqual(['/v1/orgs 200', '/v1/nothing-here 404']);
    expect((await t.admin('GET', '/__admin/requests')).body.items.map((i: { path: string }) => i.path)).toEqual(['/v1/user']);
    await inSession(gb, 'journal-b').admin('DELETE', '/__admin/requests'); // a write starts the session
    expect((await inSession(gb, 'journal-b').admin('GET', '/__admin/requests')).body.items).toEqual([]);
    expect((await a.admin('DELETE', '/__admin/requests')).status).toBe(204);
    expect((await t.admin('GET', '/__admin/requests')).body.items).toHaveLength(1);
  });

  it('keeps fault rules per session', async () => {
    const a = inSession(gb, 'faulty');
    const b = inSession(gb, 'healthy');
    const rule = await a.admin('POST', '/__admin/faults', { operationId: 'getSpaceById', status: 503 });
    expect(rule.status).toBe(201);
    expect((await a.call('admin', 'GET', '/v1/spaces/{spaces.handbook}')).status).toBe(503);
    expect((await b.call('admin', 'GET', '/v1/spaces/{spaces.handbook}')).status).toBe(200);
    expect((await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}')).status).toBe(200);
    expect((await a.admin('GET', '/__admin/faults')).body.items).toEqual([expect.objectContaining({ id: rule.body.id, matched: 1 })]);
    expect((await b.admin('GET', '/__admin/faults')).body.items).toEqual([]);
    // Resetting another session leaves the rule alone; resetting this one clears it.
    await b.admin('POST', '/__admin/reset');
    expect((await a.admin('GET', '/__admin/faults')).body.items).toHaveLength(1);
    await a.admin('POST', '/__admin/reset');
    expect((await a.admin('GET', '/__admin/faults')).body.items).toEqual([]);
  });

  it('keeps coverage per session: a second session starts empty', async () => {
    const a = inSession(gb, 'cov-a');
    await a.call('admin', 'GET', '/v1/orgs');
    await a.call('admin', 'PATCH', '/v1/orgs/{organizations.acme}/members/{users.reader}', { role: 'edit' });
    const mine = (await a.admin('GET', '/__admin/coverage')).body;
    expect(mine.operations.called).toBe(2);
    expect(mine.transitions.exercised).toBeGreaterThan(0);
    await inSession(gb, 'cov-b').admin('DELETE', '/__admin/coverage'); // a write starts the session
    const other = (await inSession(gb, 'cov-b').admin('GET', '/__admin/coverage')).body;
    expect(other.operations.called).toBe(0);
    expect(other.transitions.exercised).toBe(0);
    expect((await t.admin('GET', '/__admin/coverage')).body.operations.called).toBe(0);
  });

  it('never shows one session the writes of another through the cached reads (comments, members, people)', async () => {
    const a = inSession(gb, 'cache-a');
    const b = inSession(gb, 'cache-b');
    const sessions = [a, b, inSession(gb, undefined)];
    const comments = '/v1/spaces/{spaces.handbook}/comments';
    const members = '/v1/orgs/{organizations.acme}/members?sort=name';
    const member = '/v1/orgs/{organizations.acme}/members/{users.reader}';
    // Warm every cache in every session first.
    for (const s of sessions) {
      expect((await s.call('admin', 'GET', comments)).status).toBe(200);
      expect((await s.call('admin', 'GET', members)).status).toBe(200);
      expect((await s.call('admin', 'GET', member)).status).toBe(200);
    }
    const before = await b.call('admin', 'GET', comments);
    await a.call('admin', 'POST', comments, { body: { markdown: 'only in a' } });
    await a.call('admin', 'PATCH', member, { role: 'admin' });
    await a.call('admin', 'DELETE', '/v1/orgs/{organizations.acme}/members/{users.commenter}');

    const text = (r: { body: unknown }) => JSON.stringify(r.body);
    expect(text(await a.call('admin', 'GET', comments))).toContain('only in a');
    expect((await a.call('admin', 'GET', member)).body.role).toBe('admin');
    const aMembers = (await a.call('admin', 'GET', members)).body.items.map((m: { user: { id: string } }) => m.user.id);
    expect(aMembers).not.toContain(gb.id('users', 'commenter'));
    for (const s of sessions.slice(1)) {
      expect(text(await s.call('admin', 'GET', comments))).not.toContain('only in a');
      expect((await s.call('admin', 'GET', member)).body.role).not.toBe('admin');
      const list = (await s.call('admin', 'GET', members)).body.items;
      expect(list.map((m: { user: { id: string } }) => m.user.id)).toContain(gb.id('users', 'commenter'));
      expect(list.find((m: { user: { id: string } }) => m.user.id === gb.id('users', 'reader')).role).not.toBe('admin');
    }
    expect((await b.call('admin', 'GET', comments)).body).toEqual(before.body);
  });

  it('shares the scenario rows with a fork until it writes (copy-on-write)', async () => {
    await inSession(gb, 'cow').call('admin', 'PATCH', '/v1/spaces/{spaces.handbook}', { title: 'Forked' });
    const fork = gb.mock!.sessions.get('cow')!.runtime;
    const main = gb.mock!.runtime;
    const org = gb.id('organizations', 'acme');
    expect(fork.db.organizations.get(org)).toBe(main.db.organizations.get(org));
    expect(fork.db.spaces.get(gb.id('spaces', 'handbook'))!.title).toBe('Forked');
    expect(main.db.spaces.get(gb.id('spaces', 'handbook'))!.title).toBe('Employee Handbook');
    expect(fork.db.spaces.get(gb.id('spaces', 'api-docs'))).toBe(main.db.spaces.get(gb.id('spaces', 'api-docs')));
  });
});

describe('session names', () => {
  it.each([
    ['empty', ''],
    ['a space', 'my session'],
    ['a slash', 'a/b'],
    ['non-ASCII', 'sessión'],
    ['65 characters', 'x'.repeat(65)],
  ])('refuses %s with a 400 and creates nothing', async (_, name) => {
    for (const path of ['/v1/orgs', '/__admin/health']) {
      const res = await gb.fetch(`${path}`, { headers: { authorization: `Bearer ${gb.manifest.tokens.admin}`, 'x-mock-session': name } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 400, message: expect.stringContaining('X-Mock-Session') } });
    }
    expect((await t.admin('GET', '/__admin/sessions')).body.items.map((s: { name: string }) => s.name)).toEqual(['default']);
  });

  it('accepts 64 characters of letters, digits, dot, underscore and dash', async () => {
    const name = `A-z_0.9${'x'.repeat(57)}`;
    const res = await inSession(gb, name).admin('POST', '/__admin/reset');
    expect(res.status).toBe(200);
    expect((await t.admin('GET', '/__admin/sessions')).body.items.map((s: { name: string }) => s.name)).toEqual(['default', name]);
  });
});

describe('the sessions admin API', () => {
  describe('from 2026-03-01T10:00 on the wall clock', () => {
    let wall = Date.parse('2026-03-01T10:00:00.000Z');
    const gb = useGitBookMock({ wallClock: () => wall });
    const t = callsOn(gb);

    it('lists every session with its scenario, times and request count', async () => {
      await t.call('admin', 'GET', '/v1/orgs');
      const a = inSession(gb, 'listed');
      await a.admin('POST', '/__admin/scenarios/review');
      wall += 5000;
      await a.call(null, 'GET', '/v1/orgs');
      const { status, body } = await t.admin('GET', '/__admin/sessions');
      expect(status).toBe(200);
      expect(body).toEqual({
        items: [
          { name: 'default', scenario: 'starter', createdAt: '2026-03-01T10:00:00.000Z', lastUsedAt: '2026-03-01T10:00:05.000Z', requests: 2 },
          { name: 'listed', scenario: 'review', createdAt: '2026-03-01T10:00:00.000Z', lastUsedAt: '2026-03-01T10:00:05.000Z', requests: 2 },
        ],
      });
    });
  });

  it('deletes a session (204); its next use starts afresh; default is 400, unknown 404', async () => {
    const a = inSession(gb, 'doomed');
    await a.call('admin', 'PATCH', '/v1/spaces/{spaces.handbook}', { title: 'Soon gone' });
    expect((await t.admin('DELETE', '/__admin/sessions/doomed')).status).toBe(204);
    expect((await t.admin('GET', '/__admin/sessions')).body.items.map((s: { name: string }) => s.name)).toEqual(['default']);
    expect((await a.call('admin', 'GET', '/v1/spaces/{spaces.handbook}')).body.title).toBe('Employee Handbook');

    const refused = await t.admin('DELETE', '/__admin/sessions/default');
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe(400);
    const unknown = await t.admin('DELETE', '/__admin/sessions/never-seen');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 404, message: expect.stringContaining('never-seen') } });
  });

  describe('with --session-ttl 60', () => {
    let wall = 1_000_000;
    const gb = useGitBookMock({ wallClock: () => wall, sessionTtl: 60 });
    const t = callsOn(gb);

    it('drops sessions idle past --session-ttl, on the wall clock', async () => {
      await inSession(gb, 'idle').call(null, 'GET', '/v1/orgs');
      await inSession(gb, 'busy').call(null, 'GET', '/v1/orgs');
      wall += 45_000;
      await inSession(gb, 'busy').admin('GET', '/__admin/health');
      wall += 30_000;
      expect((await t.admin('GET', '/__admin/sessions')).body.items.map((s: { name: string }) => s.name)).toEqual(['default', 'busy']);
      wall += 61_000;
      expect((await t.admin('GET', '/__admin/sessions')).body.items.map((s: { name: string }) => s.name)).toEqual(['default']);
    });
  });

  describe('with --max-sessions 2', () => {
    let wall = 0;
    const gb = useGitBookMock({ wallClock: () => wall, maxSessions: 2 });
    const t = callsOn(gb);

    it('past --max-sessions drops the least recently used idle session', async () => {
      const a = inSession(gb, 'a');
      await a.call('admin', 'PATCH', '/v1/spaces/{spaces.handbook}', { title: 'Kept in a' });
      wall += 1000;
      await inSession(gb, 'b').call(null, 'GET', '/v1/orgs');
      wall += 1000;
      await a.admin('GET', '/__admin/health');
      wall += 1000;
      await inSession(gb, 'c').call(null, 'GET', '/v1/orgs');
      expect((await t.admin('GET', '/__admin/sessions')).body.items.map((s: { name: string }) => s.name).sort()).toEqual(['a', 'c', 'default']);
      // `a` kept its state through the eviction of `b`.
      expect((await a.call('admin', 'GET', '/v1/spaces/{spaces.handbook}')).body.title).toBe('Kept in a');
    });
  });

  describe('with --max-sessions 1', () => {
    let wall = 0;
    const gb = useGitBookMock({ wallClock: () => wall, maxSessions: 1 });
    const t = callsOn(gb);

    it('never drops a session while one of its requests is being answered', async () => {
      const slow = inSession(gb, 'slow');
      await slow.admin('POST', '/__admin/faults', { operationId: 'listOrganizationsForAuthenticatedUser', delay: 200 });
      const pending = slow.call('admin', 'GET', '/v1/orgs');
      wall += 1000;
      await inSession(gb, 'other').admin('GET', '/__admin/health');
      expect(gb.mock!.sessions.get('slow')).toBeDefined();
      expect((await pending).status).toBe(200);
    });
  });
});

describe('--max-sessions and --session-ttl', () => {
  it('are read from the command line, with their ranges checked', () => {
    expect(parseCli(['--max-sessions', '5', '--session-ttl', '0']).app).toMatchObject({ maxSessions: 5, sessionTtl: 0 });
    expect(parseCli([]).app).toMatchObject({ maxSessions: undefined, sessionTtl: undefined });
    expect(() => parseCli(['--max-sessions', '0'])).toThrow(CliError);
    expect(() => parseCli(['--session-ttl', '-1'])).toThrow(/--session-ttl/);
  });
});

describe('CORS for sessions', () => {
  it('allows X-Mock-Session in preflights and exposes it on answers', async () => {
    for (const path of ['/v1/orgs', '/__admin/health']) {
      const preflight = await gb.fetch(`${path}`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization, x-mock-session' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-mock-session');
    }
    const res = await gb.fetch('/v1/spaces/' + gb.id('spaces', 'handbook') + '/comments', {
      headers: { origin: 'http://app.test', authorization: `Bearer ${gb.manifest.tokens.admin}`, 'x-mock-session': 'browser' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Mock-Session');
    expect(res.headers.get('x-mock-session')).toBe('browser');
  });
});
