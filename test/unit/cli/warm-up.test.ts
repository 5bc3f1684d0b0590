/** The CLI's warm-up compiles every operation's validators while the server is idle, and not while requests come in. */
import { describe, expect, it, vi } from 'vitest';
import { Activity, QUIET_MS, warmUp } from '../../../src/cli/warm-up.ts';
import { operations } from '../../../src/resources/index.ts';
import type { Schemas } from '../../../src/contract/schemas.ts';

describe('the warm-up', () => {
  it('compiles nothing while the server is busy, then every validator of every operation', async () => {
    const compiled: string[] = [];
    const schemas = {
      coercingValidator: (id: string) => compiled.push(id),
      bodyValidator: (id: string) => compiled.push(id),
    } as unknown as Schemas;
    let busy = true;
    warmUp(() => schemas, operations, () => busy);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(compiled).toEqual([]);
    busy = false;
    const expected = operations.flatMap((op) => [op.params, op.query, op.body].filter((id): id is string => id !== undefined));
    expect(expected.length).toBeGreaterThan(100);
    // Idle, the steps follow each other at once (a few ms here). When each waited for the
    // event loop to wake (unref'd immediates), they took one wake-up each: 2.4 s with this
    // test's 20 ms polling.
    await vi.waitFor(() => expect(compiled).toEqual(expected), { timeout: 1_000, interval: 20 });
  });
});

describe('the steps named first', () => {
  it('run before the validators, one a turn, and not while the server is busy', async () => {
    const ran: string[] = [];
    const schemas = {
      coercingValidator: (id: string) => ran.push(id),
      bodyValidator: (id: string) => ran.push(id),
    } as unknown as Schemas;
    let busy = true;
    warmUp(() => schemas, operations.slice(0, 3), () => busy, [() => ran.push('faker'), () => ran.push('second')]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).toEqual([]);
    busy = false;
    await vi.waitFor(() => expect(ran.length).toBeGreaterThan(2), { timeout: 1_000, interval: 10 });
    expect(ran.slice(0, 2)).toEqual(['faker', 'second']);
  });
});

describe('what counts as busy', () => {
  it('a server that has just started listening, until QUIET_MS pass with no request; then each request again', () => {
    const activity = new Activity(1_000);
    expect(activity.busy(1_000)).toBe(true);
    expect(activity.busy(1_000 + QUIET_MS - 1)).toBe(true);
    expect(activity.busy(1_000 + QUIET_MS)).toBe(false);
    activity.note(5_000);
    expect(activity.busy(5_010)).toBe(true);
    expect(activity.busy(5_000 + QUIET_MS + 1)).toBe(false);
  });

  it('holds the warm-up back while requests keep coming, and lets it run once they stop', async () => {
    const ran: string[] = [];
    const schemas = { coercingValidator: (id: string) => ran.push(id), bodyValidator: (id: string) => ran.push(id) } as unknown as Schemas;
    const activity = new Activity();
    warmUp(() => schemas, operations.slice(0, 2), () => activity.busy(), [() => ran.push('faker')]);
    const until = performance.now() + 3 * QUIET_MS;
    while (performance.now() < until) {
      activity.note();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(ran).toEqual([]);
    await vi.waitFor(() => expect(ran[0]).toBe('faker'), { timeout: 2_000, interval: 10 });
  });
});
