/**
 * The registrar is the one place that writes responses and the one transaction around a
 * handler (issue 12): async handlers are refused when a row is registered, a handler that
 * returns a promise anyway is rolled back, and a Reply sets status and headers. Handlers see
 * a narrow context: their input, the caller, and the session's tables, ids and marks.
 */
import { describe, expect, it } from 'vitest';
import { createMock } from '../../../src/app.ts';
import { op, reply, type Operation } from '../../../src/contract/operation.ts';

function row(handle: Operation['handle'], path = '/v1/test-only/thing'): Operation {
  return { operationId: 'testOnly', method: 'POST', path, status: 200, access: 'user', handle };
}

describe('registrar', () => {
  it('refuses an async handler when the row is registered', () => {
    const { registrar } = createMock({ scenario: 'empty' });
    expect(() => registrar.register([row(async () => ({}))])).toThrow(/testOnly: handlers must be synchronous/);
  });

  it('rolls back the writes of a handler that returns a promise, with a 500', async () => {
    const mock = createMock();
    const token = mock.runtime.manifest.tokens.admin;
    const userId = mock.runtime.manifest.ids.users.admin;
    mock.registrar.register([row((ctx) => {
        ctx.db.users.update(userId, { displayName: 'Changed' });
        return Promise.resolve({});
      })],
    );
    const res = await mock.fetch('http://localhost/v1/test-only/thing', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(500);
    expect((await res.json()).error.message).toMatch(/returned a promise/);
    expect(mock.runtime.db.users.get(userId)?.displayName).not.toBe('Changed');
  });

  it('writes a Reply with its status and headers, and no body for 204', async () => {
    const mock = createMock();
    const token = mock.runtime.manifest.tokens.admin;
    mock.registrar.register([
      op({ operationId: 'testCreated', method: 'POST', path: '/v1/test-only/created', status: 201, handle: () => reply({ id: 'x' }, { headers: { Location: 'http://localhost/v1/x' } }) }),
      op({ operationId: 'testNothing', method: 'DELETE', path: '/v1/test-only/created', status: 205, handle: () => reply(undefined, { status: 204 }) }),
    ]);
    const headers = { authorization: `Bearer ${token}` };
    const created = await mock.fetch('http://localhost/v1/test-only/created', { method: 'POST', headers });
    expect([created.status, created.headers.get('location'), await created.json()]).toEqual([201, 'http://localhost/v1/x', { id: 'x' }]);
    const removed = await mock.fetch('http://localhost/v1/test-only/created', { method: 'DELETE', headers });
    expect([removed.status, await removed.text()]).toEqual([204, '']);
  });

  it('gives a handler only its input, the caller, its session\'s tables, ids, marks and caches, the platform\'s fixtures and version, and the wall clock', async () => {
    const mock = createMock();
    const token = mock.runtime.manifest.tokens.admin;
    const userId = mock.runtime.manifest.ids.users.admin;
    const seen: { keys: string[]; user: string; sameDb: boolean }[] = [];
    mock.registrar.register([
      row((ctx) => {
        seen.push({ keys: Object.keys(ctx).sort(), user: ctx.user.id, sameDb: ctx.db === mock.runtime.db });
        ctx.db.users.update(userId, { displayName: 'In a session' });
        return {};
      }),
    ]);
    const call = (session?: string) =>
      mock.fetch('http://localhost/v1/test-only/thing', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, ...(session && { 'x-mock-session': session }) },
      });
    expect((await call('narrow-context')).status).toBe(200);
    expect(seen).toEqual([{ keys: ['body', 'caches', 'coverage', 'db', 'happened', 'ids', 'now', 'origin', 'params', 'platform', 'query', 'seed', 'user', 'wall'], user: userId, sameDb: false }]);
    // The write went to the session's tables, not the default session's.
    expect(mock.runtime.db.users.get(userId)?.displayName).not.toBe('In a session');
    expect((await call()).status).toBe(200);
    expect(seen[1].sameDb).toBe(true);
    expect(mock.runtime.db.users.get(userId)?.displayName).toBe('In a session');
  });
});
