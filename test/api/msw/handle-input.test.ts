/**
 * The MSW handle checks its input (issue 40, finding 4): its clock takes what the admin API takes
 * (and a Date or milliseconds to set it), and every other argument is a TypeError naming it,
 * with the clock and the state as they were. No MSW server here: the handle's own methods.
 */
import { describe, expect, it } from 'vitest';
import { createMockHandlers, type MockHandlersOptions } from '../../../src/msw/index.ts';

const NOW = '2026-03-01T09:00:00.000Z';

describe('createMockHandlers', () => {
  it.each<[MockHandlersOptions, RegExp]>([
    [{ now: 'tomorrow' }, /^gitbook-mock\/msw: options\.now must be an ISO 8601 date-time; got "tomorrow"$/],
    [{ frozen: 'yes' as unknown as boolean }, /^gitbook-mock\/msw: options\.frozen must be true or false/],
    [{ baseUrl: 5 as unknown as string }, /^gitbook-mock\/msw: options\.baseUrl must be an http\(s\) URL/],
    [{ baseUrl: 'ftp://x' }, /is not an http\(s\) URL/],
    [{ seed: NaN }, /^options\.seed must be a whole number/],
    [{ latency: Infinity }, /^options\.latency/],
  ])('%j is a TypeError naming the option', (options, message) => {
    expect(() => createMockHandlers(options)).toThrow(TypeError);
    expect(() => createMockHandlers(options)).toThrow(message);
  });
});

describe('the clock of the MSW handle', () => {
  it('takes a date-time, a Date or milliseconds to set it, and an ISO duration or milliseconds to move it', async () => {
    const gb = createMockHandlers({ now: NOW, frozen: true });
    expect((await gb.clock.set(new Date('2026-04-01T00:00:00Z'))).now).toBe('2026-04-01T00:00:00.000Z');
    expect((await gb.clock.set(Date.parse('2026-05-01T00:00:00Z'))).now).toBe('2026-05-01T00:00:00.000Z');
    expect((await gb.clock.advance('P1D')).now).toBe('2026-05-02T00:00:00.000Z');
    expect((await gb.clock.advance(3_600_000)).now).toBe('2026-05-02T01:00:00.000Z');
  });

  it.each([
    ['set', (gb: ReturnType<typeof createMockHandlers>) => gb.clock.set('soon'), /^gitbook-mock\/msw: clock\.set\(now\): now must be a Date, an ISO 8601 date-time/],
    ['advance', (gb: ReturnType<typeof createMockHandlers>) => gb.clock.advance(NaN), /^gitbook-mock\/msw: clock\.advance\(by\): by must be milliseconds or an ISO 8601 duration/],
    ['advance', (gb: ReturnType<typeof createMockHandlers>) => gb.clock.advance(1e300), /clock\.advance\(by\): by must be/],
    ['freeze', (gb: ReturnType<typeof createMockHandlers>) => gb.clock.freeze('no' as unknown as boolean), /^gitbook-mock\/msw: clock\.freeze\(frozen\): frozen must be true or false/],
  ])('%s refuses what it does not take with a TypeError, and the clock stays', async (_, call, message) => {
    const gb = createMockHandlers({ now: NOW, frozen: true });
    await expect(call(gb)).rejects.toThrow(TypeError);
    await expect(call(gb)).rejects.toThrow(message);
    expect(await gb.clock.get()).toEqual({ now: NOW, frozen: true });
  });

  it('refuses a scenario, a filter or an admin path that is not one', async () => {
    const gb = createMockHandlers({ now: NOW, frozen: true });
    await expect(gb.loadScenario(5 as unknown as string)).rejects.toThrow(TypeError);
    await expect(gb.requests('GET' as never)).rejects.toThrow(TypeError);
    await expect(gb.admin('faults')).rejects.toThrow(/admin\(path\): path must be a path under \/__admin/);
    expect(gb.manifest.scenario).toBe('starter');
  });
});
