/**
 * The in-process handle checks its input (issue 40, finding 4): `createMock()`'s clock takes the
 * forms the admin API takes (ISO durations, milliseconds, dates), and every other argument to
 * the handle (its options, clock, scenario loads, fault rules, sessions, events, manifest
 * lookups) is a TypeError naming it; nothing it is given leaves a state in which requests fail.
 */
import { describe, expect, it } from 'vitest';
import { createMock, type AppOptions, type Mock } from '../../../src/app.ts';
import { useGitBookMock, type UseMockOptions } from '../../../src/vitest/index.ts';

const START = Date.parse('2026-01-01T00:00:00.000Z');
const DAY = 86_400_000;

function frozenMock(): Mock {
  const mock = createMock({ scenario: 'starter', wallClock: () => START });
  mock.runtime.clock.freeze(true);
  mock.runtime.clock.set(START);
  return mock;
}

/** GET /v1/user as the manifest's reader: what every later request of a test must still answer. */
async function userStatus(mock: Mock): Promise<number> {
  const res = await mock.fetch('http://mock.local/v1/user', { headers: { authorization: `Bearer ${mock.runtime.manifest.tokens.reader}` } });
  return res.status;
}

describe('the clock of the in-process handle', () => {
  it.each([
    ['P1D', START + DAY],
    ['PT2H', START + 2 * 3_600_000],
    ['-P1M', Date.parse('2025-12-01T00:00:00.000Z')],
    [60_000, START + 60_000],
  ])('advance(%j) moves it as POST /__admin/clock does, and requests still answer', async (by, at) => {
    const mock = frozenMock();
    mock.runtime.clock.advance(by);
    expect(mock.runtime.clock.nowMs()).toBe(at);
    expect(await userStatus(mock)).toBe(200);
  });

  it.each([
    ['2026-03-01T12:00:00Z', Date.parse('2026-03-01T12:00:00Z')],
    [new Date('2026-03-01T12:00:00Z'), Date.parse('2026-03-01T12:00:00Z')],
    [Date.parse('2026-03-01T12:00:00Z'), Date.parse('2026-03-01T12:00:00Z')],
  ])('set(%j) takes a date-time, a Date or milliseconds', async (at, ms) => {
    const mock = frozenMock();
    mock.runtime.clock.set(at);
    expect(mock.runtime.clock.nowMs()).toBe(ms);
    expect(await userStatus(mock)).toBe(200);
  });

  it.each([NaN, Infinity, -Infinity, 1e300, -9e15, 'soon', '', 'P1.5M', '1000', {}, [], null, undefined, true])(
    'advance(%j) is a TypeError naming `by`, and the clock and requests are as before',
    async (by) => {
      const mock = frozenMock();
      expect(() => mock.runtime.clock.advance(by as number)).toThrow(TypeError);
      expect(() => mock.runtime.clock.advance(by as number)).toThrow(/^clock\.advance\(by\): by must be milliseconds or an ISO 8601 duration/);
      expect(mock.runtime.clock.nowMs()).toBe(START);
      expect(await userStatus(mock)).toBe(200);
    },
  );

  it.each([NaN, Infinity, 9e15, 'not a date', '', new Date('nope'), {}, null, undefined])('set(%j) is a TypeError naming `at`, and nothing moves', async (at) => {
    const mock = frozenMock();
    expect(() => mock.runtime.clock.set(at as string)).toThrow(/^clock\.set\(at\): at must be a Date, an ISO 8601 date-time/);
    expect(mock.runtime.clock.nowMs()).toBe(START);
    expect(await userStatus(mock)).toBe(200);
  });

  it('freeze takes true or false (true by default), and refuses anything else', () => {
    const mock = createMock({ scenario: 'empty' });
    expect(() => mock.runtime.clock.freeze('yes' as unknown as boolean)).toThrow(/^clock\.freeze\(frozen\): frozen must be true or false; got "yes"$/);
    expect(mock.runtime.clock.frozen).toBe(false);
    mock.runtime.clock.freeze();
    expect(mock.runtime.clock.frozen).toBe(true);
    expect(() => mock.runtime.clock.onChange('x' as unknown as () => void)).toThrow(TypeError);
  });
});

describe('createMock options', () => {
  it.each<[AppOptions, RegExp]>([
    [{ seed: NaN }, /^options\.seed must be a whole number from -2147483648 to 2147483647; got NaN$/],
    [{ seed: 1.5 }, /^options\.seed must be a whole number/],
    [{ latency: -1 }, /^options\.latency must be a whole number from 0 to 600000 milliseconds; got -1$/],
    [{ latency: Infinity }, /^options\.latency/],
    [{ maxSessions: 0 }, /^options\.maxSessions/],
    [{ sessionTtl: -5 }, /^options\.sessionTtl/],
    [{ requestLogLimit: NaN }, /^options\.requestLogLimit/],
    [{ scenario: 5 as unknown as string }, /^options\.scenario must be a non-empty string; got 5$/],
    [{ scenariosDirs: 'dir' as unknown as string[] }, /^options\.scenariosDirs/],
    [{ wallClock: 'now' as unknown as () => number }, /^options\.wallClock must be a function/],
    [{ wallClock: () => NaN }, /^wallClock\(\) must be milliseconds since 1970; got NaN$/],
    [{ adminToken: '' }, /^options\.adminToken/],
    [{ events: { timeoutMs: NaN } }, /^options\.events\.timeoutMs/],
    [{ events: { retryDelaysMs: [1000, -1] } }, /^options\.events\.retryDelaysMs\[1\]/],
  ])('%j is a TypeError naming the option', (options, message) => {
    expect(() => createMock(options)).toThrow(TypeError);
    expect(() => createMock(options)).toThrow(message);
  });
});

describe('the runtime, fault rules, sessions and events of the handle', () => {
  it('loadScenario refuses a name that is not one and a seed that is not whole, and changes nothing', async () => {
    const mock = frozenMock();
    expect(() => mock.runtime.loadScenario(5 as unknown as string)).toThrow(/^loadScenario\(name\): name must be the name of a scenario; got 5$/);
    expect(() => mock.runtime.loadScenario('empty', NaN)).toThrow(/^loadScenario\(name, seed\): seed must be a whole number/);
    expect(mock.runtime.scenarioName).toBe('starter');
    expect(await userStatus(mock)).toBe(200);
  });

  it.each([{ operationId: 'getAuthenticatedUser', status: 'x' }, { operationId: 'getAuthenticatedUser', delay: Infinity }, { operationId: 'getAuthenticatedUser', status: 200, body: 10n }, { operationId: 'getAuthenticatedUser' }])(
    'faults.add(%s) is a TypeError when POST /__admin/faults would refuse the rule, and requests still answer',
    async (rule) => {
      const mock = frozenMock();
      expect(() => mock.runtime.faults.add(rule as never)).toThrow(TypeError);
      expect(mock.runtime.faults.list()).toEqual([]);
      expect(await userStatus(mock)).toBe(200);
    },
  );

  it('faults.add takes a rule as the admin API does', async () => {
    const mock = frozenMock();
    mock.runtime.faults.add({ operationId: 'getAuthenticatedUser', status: 503, times: 1 });
    expect(await userStatus(mock)).toBe(503);
    expect(await userStatus(mock)).toBe(200);
  });

  it('the id counter takes a whole number from 0', async () => {
    const mock = frozenMock();
    const before = mock.runtime.ids.position;
    expect(() => (mock.runtime.ids.position = NaN)).toThrow(/^ids\.position must be a whole number from 0/);
    expect(() => (mock.runtime.ids.position = -1)).toThrow(TypeError);
    expect(mock.runtime.ids.position).toBe(before);
    expect(await userStatus(mock)).toBe(200);
  });

  it('sessions refuse a name that is not a string', () => {
    const mock = frozenMock();
    for (const call of [() => mock.sessions.start(5 as unknown as string), () => mock.sessions.delete({} as unknown as string), () => mock.sessions.get(null as unknown as string)]) {
      expect(call).toThrow(/^sessions\.\w+\(name\): name must be a session name/);
    }
    expect(mock.sessions.size).toBe(0);
  });

  it('events refuse a type the mock never sends, a wait that is not milliseconds, a filter it does not take', async () => {
    const mock = frozenMock();
    await expect(mock.events.next('space_created' as never)).rejects.toThrow(/^events\.next\(type, options\): type must be an event type the mock sends/);
    await expect(mock.events.next(undefined, { timeoutMs: NaN })).rejects.toThrow(TypeError);
    expect(() => mock.events.list({ kind: 'x' } as never)).toThrow(TypeError);
  });
});

describe('useGitBookMock', () => {
  it.each<[UseMockOptions, RegExp]>([
    [{ scope: 'suite' as 'file' }, /^options\.scope must be "test" or "file"; got "suite"$/],
    [{ url: 'localhost:4010' }, /^options\.url must be the http\(s\) URL of a running server/],
    [{ session: 'a b' }, /^options\.session must be a session name/],
    [{ seed: NaN }, /^options\.seed/],
  ])('%j is a TypeError when it is called', (options, message) => {
    expect(() => useGitBookMock(options)).toThrow(message);
  });
});

describe('manifest lookups', () => {
  const gb = useGitBookMock({ scenario: 'starter' });

  it('refuse a key that is not a string, and a name of Object.prototype is no key', () => {
    expect(() => gb.token(5 as unknown as string)).toThrow(/^gitbook-mock: token\(user\): user must be the key of a manifest user/);
    expect(() => gb.id('spaces', {} as unknown as string)).toThrow(TypeError);
    expect(() => gb.token('constructor')).toThrow(/the manifest has no user "constructor"/);
    expect(() => gb.id('constructor', 'name')).toThrow(/the manifest has no collection "constructor"/);
  });
});
