/**
 * The scenarios an app has built lately, as the state just after their load, shared by all its
 * sessions. A scenario is built from its file, the seed and the filler alone (never the
 * clock), and an app's filler is the same for its whole life, so the same scenario read the
 * same way with the same seed builds the very same rows: a load finds them here and restores
 * them (a few milliseconds) instead of building them again (`large`: about 100 ms, and each of
 * its generated rows made again when read: store/generated-rows.ts). Rows are never changed in place and a restored store copies what it writes
 * (store/table.ts), so one snapshot serves any number of sessions: test files that each load
 * `large` in a session of their own share one copy of its rows.
 *
 * Kept newest first, within a budget of rows: the snapshots no session holds any more cost
 * memory, and an app that loads many scenarios keeps only the last few.
 */
import type { StoreSnapshot } from '../store/store.ts';
import type { Manifest } from './loader.ts';

/** A scenario as loaded: its manifest and the state just after the load. */
export interface BuiltScenario {
  readonly manifest: Manifest;
  readonly snapshot: StoreSnapshot;
}

/**
 * Rows kept at most, all entries together: `large` has about 120,000, `starter` a few hundred.
 * One state the size of `large` besides small ones: each one more costs the server some 40 MB
 * and makes every full collection longer. Building `large` with other seeds took a median of
 * 263 ms with room for two, 220 with room for one (16 builds each, four servers, alternating,
 * one run; the spread is wide either way, 126-394 and 139-395 ms).
 */
export const BUILT_ROWS_BUDGET = 150_000;

/** Entries kept at most, whatever their size. */
const MAX_ENTRIES = 16;

interface Entry extends BuiltScenario {
  readonly rows: number;
}

export class BuiltScenarios {
  /** By key, in the order of their last use (a Map keeps insertion order: oldest first). */
  private readonly entries = new Map<string, Entry>();
  private rows = 0;

  constructor(private readonly budget = BUILT_ROWS_BUDGET) {}

  /** The key of a scenario as read (its JSON text, merged with what it extends) and a seed. */
  static key(name: string, source: string, seed: number): string {
    return `${name}\n${seed}\n${source}`;
  }

  /** The scenario built under `key`, if it is still kept; it becomes the newest. */
  get(key: string): BuiltScenario | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps a scenario just built, dropping the oldest ones over the budget (never the newest). */
  set(key: string, built: BuiltScenario): void {
    this.delete(key);
    let rows = 0;
    for (const table of built.snapshot.tables.values()) rows += table.rows.size;
    this.entries.set(key, { ...built, rows });
    this.rows += rows;
    for (const oldest of this.entries.keys()) {
      if (oldest === key || (this.rows <= this.budget && this.entries.size <= MAX_ENTRIES)) break;
      this.delete(oldest);
    }
  }

  /** How many scenarios are kept, and their rows. */
  get size(): { entries: number; rows: number } {
    return { entries: this.entries.size, rows: this.rows };
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.rows -= entry.rows;
  }
}
