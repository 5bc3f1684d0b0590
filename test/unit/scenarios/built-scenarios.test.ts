/** The scenarios an app keeps built (scenarios/built-scenarios.ts): newest first, within a budget of rows. */
import { describe, expect, it } from 'vitest';
import { BuiltScenarios } from '../../../src/scenarios/built-scenarios.ts';
import { Store } from '../../../src/store/store.ts';
import type { UserRecord } from '../../../src/store/records.ts';
import type { Manifest } from '../../../src/scenarios/loader.ts';

const user = (id: string): UserRecord => ({ id, displayName: id, email: `${id}@example.com`, token: `t-${id}`, createdAt: '2026-01-01T00:00:00.000Z' });

/** A built scenario of `rows` users. */
function built(name: string, rows: number) {
  const store = new Store();
  store.import({ users: Array.from({ length: rows }, (_, i) => user(`${name}-${i}`)) }, true);
  const manifest: Manifest = { scenario: name, now: '2026-01-01T00:00:00.000Z', tokens: {}, ids: {}, shareKeys: {}, installationTokens: {}, signingSecrets: {}, integrationTokens: {}, secrets: {} };
  return { manifest, snapshot: store.snapshot() };
}

describe('BuiltScenarios', () => {
  it('keys a scenario by its name, its text as read and the seed', () => {
    const keys = new Set([BuiltScenarios.key('a', '{}', 0), BuiltScenarios.key('a', '{}', 1), BuiltScenarios.key('a', '{"x":1}', 0), BuiltScenarios.key('b', '{}', 0)]);
    expect(keys.size).toBe(4);
  });

  it('gives back what it keeps, and drops the least lately used over its budget of rows', () => {
    const kept = new BuiltScenarios(10);
    const a = built('a', 4);
    kept.set('a', a);
    kept.set('b', built('b', 4));
    expect(kept.get('a')?.snapshot).toBe(a.snapshot);
    // a was used after b: b goes to make room.
    kept.set('c', built('c', 4));
    expect(kept.get('b')).toBeUndefined();
    expect(kept.get('a')?.snapshot).toBe(a.snapshot);
    expect(kept.get('c')?.manifest.scenario).toBe('c');
    expect(kept.size).toEqual({ entries: 2, rows: 8 });
  });

  it('keeps the newest even when it alone is over the budget', () => {
    const kept = new BuiltScenarios(10);
    kept.set('a', built('a', 4));
    kept.set('big', built('big', 12));
    expect(kept.get('a')).toBeUndefined();
    expect(kept.get('big')?.manifest.scenario).toBe('big');
    expect(kept.size).toEqual({ entries: 1, rows: 12 });
  });

  it('replaces what a key held, counting its rows once', () => {
    const kept = new BuiltScenarios(100);
    kept.set('a', built('a', 4));
    const again = built('a', 6);
    kept.set('a', again);
    expect(kept.get('a')?.snapshot).toBe(again.snapshot);
    expect(kept.size).toEqual({ entries: 1, rows: 6 });
  });
});
