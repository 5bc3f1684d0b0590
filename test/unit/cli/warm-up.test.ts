/** The CLI's warm-up compiles every operation's validators while the server is idle, and not while requests come in. */
import { describe, expect, it, vi } from 'vitest';
import { warmUp } from '../../../src/cli/warm-up.ts';
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
