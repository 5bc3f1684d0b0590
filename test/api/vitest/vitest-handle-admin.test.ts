/**
 * `useGitBookMock()`'s admin members (issue 44): scenarios (the manifest follows every load),
 * the clock, fault rules, the journal, coverage and events, in-process and against a running
 * server, with the names of `gitbook-mock/msw`'s handle; and a request that names its own
 * `X-Mock-Session` keeps it against a server.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createMock } from '../../../src/app.ts';
import { useGitBookMock, type GitBookMock } from '../../../src/vitest/index.ts';
import { createMockHandlers } from '../../../src/msw/index.ts';

const server = createMock({ scenario: 'starter' });
const http = await new Promise<Server>((resolve) => {
  const s = serve({ fetch: (request: Request) => server.app.fetch(request), port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
});
afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

const modes: [string, GitBookMock][] = [
  ['in-process', useGitBookMock({ scenario: 'starter' })],
  ['against a server', useGitBookMock({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, scenario: 'starter' })],
];

const auth = (gb: GitBookMock, user = 'admin') => ({ authorization: `Bearer ${gb.token(user)}` });

describe.each(modes)('useGitBookMock %s', (_, gb) => {
  it('loadScenario loads a scenario and the manifest describes it', async () => {
    const manifest = await gb.loadScenario('review');
    expect(manifest.scenario).toBe('review');
    expect(gb.manifest.scenario).toBe('review');
    expect(gb.id('changeRequests', 'cr-merged')).toBe(manifest.ids.changeRequests['cr-merged']);
  });

  it('a load through gb.fetch moves the manifest too', async () => {
    const res = await gb.fetch('/__admin/scenarios/review', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(gb.manifest.scenario).toBe('review');
    const cr = gb.id('changeRequests', 'cr-merged');
    const read = await gb.fetch(`/v1/spaces/${gb.id('spaces', 'api-docs')}/change-requests/${cr}`, { headers: auth(gb) });
    expect(read.status).toBe(200);
  });

  it('clock.advance moves the virtual clock as POST /__admin/clock does', async () => {
    const before = await gb.clock.freeze();
    const after = await gb.clock.advance('P1D');
    expect(Date.parse(after.now) - Date.parse(before.now)).toBe(86_400_000);
    expect(after.frozen).toBe(true);
    expect(await gb.clock.get()).toEqual(after);
  });

  it('clock.set refuses what the admin API refuses, as a TypeError naming the argument', async () => {
    await expect(gb.clock.set('not a date')).rejects.toThrow(TypeError);
    await expect(gb.clock.set('not a date')).rejects.toThrow(/clock\.set\(now\): now must be a Date, an ISO 8601 date-time/);
  });

  it('faults.add answers the rule, which then answers the request and counts it', async () => {
    const rule = await gb.faults.add({ operationId: 'getSpaceById', status: 503, times: 1 });
    const res = await gb.fetch(`/v1/spaces/${gb.id('spaces', 'handbook')}`, { headers: auth(gb) });
    expect(res.status).toBe(503);
    expect((await gb.faults.list()).items).toEqual([expect.objectContaining({ id: rule.id, matched: 1 })]);
    await gb.faults.clear();
    expect((await gb.faults.list()).items).toEqual([]);
  });

  it('requests answers { items } as GET /__admin/requests does, filtered', async () => {
    await gb.clearRequests();
    await gb.fetch(`/v1/spaces/${gb.id('spaces', 'handbook')}`, { headers: auth(gb) });
    await gb.fetch('/v1/user', { headers: auth(gb) });
    const answer = await gb.requests({ operationId: 'getSpaceById' });
    expect(answer).toEqual({ items: [expect.objectContaining({ method: 'GET', status: 200, operationId: 'getSpaceById' })] });
    await gb.clearRequests();
    expect((await gb.requests()).items).toEqual([]);
  });

  it('coverage counts the operations called', async () => {
    await gb.clearCoverage();
    await gb.fetch('/v1/user', { headers: auth(gb) });
    const { operations } = await gb.coverage();
    expect(operations.items.find((o) => o.operationId === 'getAuthenticatedUser')?.calls).toBe(1);
  });

  it('events lists what a write sent', async () => {
    expect(await gb.events.list()).toEqual([]);
  });

  it('a request naming its own X-Mock-Session keeps it', async () => {
    const path = `/v1/spaces/${gb.id('spaces', 'handbook')}`;
    const alice = { ...auth(gb), 'x-mock-session': 'alice-44', 'content-type': 'application/json' };
    const patched = await gb.fetch(path, { method: 'PATCH', headers: alice, body: JSON.stringify({ title: 'Alice only' }) });
    expect(patched.status).toBe(200);
    expect((await (await gb.fetch(path, { headers: alice })).json()).title).toBe('Alice only');
    expect((await (await gb.fetch(path, { headers: auth(gb) })).json()).title).toBe('Employee Handbook');
  });
});

describe('both handles', () => {
  it('name their admin members alike', () => {
    const [, gb] = modes[0];
    const msw = createMockHandlers();
    for (const name of ['loadScenario', 'reset', 'requests', 'clearRequests', 'coverage', 'clearCoverage'] as const) {
      expect([name, typeof gb[name]]).toEqual([name, typeof msw[name]]);
    }
    expect(Object.keys(gb.clock).sort()).toEqual(Object.keys(msw.clock).sort());
    expect(Object.keys(gb.faults).sort()).toEqual(Object.keys(msw.faults).sort());
    expect(Object.keys(gb.events).sort()).toEqual(Object.keys(msw.events).sort());
  });
});
