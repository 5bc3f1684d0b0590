/**
 * The one home of the caches of request code, and their one rule.
 *
 * The rule: a kept value is a function of its key and of the tables it read, and is kept
 * while those tables are unchanged. The key is the arguments of the function that computes
 * the value, declared once at module level, so that it sees nothing else: the key names
 * every input by construction (rows and other immutable objects by identity, other values
 * by value). The tables are recorded while it runs (every read of a store table notes
 * itself, store/table.ts), with the version each had; any write, undone write (a refused
 * request rolled back) or restore (reset, scenario load, state import) gives a table a new
 * version, and versions are unique in the process, so one session's value is never taken
 * for another's.
 *
 * Where values live, by what they depend on:
 * - `derived` (reads the store): per session, in the `Caches` its runtime holds. A fork
 *   starts empty: its tables have new versions, so no value of another session could hold.
 *   Kept: comment JSON (comments/list-json.ts), space JSON (shared/present-space.ts), the
 *   caller's role on a space (shared/access.ts), member rosters (organizations/members.ts),
 *   spaces a member reaches (shared/present-people.ts).
 * - `perRow` (reads no table, only immutable rows): one per process, beside the row while
 *   it lives (a WeakMap), shared by the sessions that share the row: a page tree's entries
 *   (shared/page-tree.ts), a body's document nodes (shared/comment-body.ts), a presented user
 *   (shared/present.ts).
 * - `perProcess` (never changes while the process runs): the compiled schemas
 *   (contract/schemas.ts), OpenAPI fixture files (node-platform.ts), the digests that
 *   name lists in page cursors (contract/paginate.ts), and the
 *   PDF library and its parsed fonts (change-requests/pdf-document.ts, pdf-fonts.ts).
 * Not here, as they depend on neither the store nor a request: what an app fixes when it is
 * built, kept by the app (route matches, server/cached-router.ts; the OpenAPI document and
 * Swagger UI files, openapi/routes.ts).
 */
import { noteReads, readsOf, type Versioned } from '../store/table.ts';
import type { Tables } from '../store/store.ts';

/** What a key is made of: immutable objects (rows) by identity, everything else by value (`===`). */
export type KeyPart = string | number | boolean | null | undefined | object;

/** What a store-derived cache needs of a session: its tables, and where its values are kept. */
export interface CacheSession {
  readonly db: Tables;
  readonly caches: Caches;
}

interface Definition {
  readonly name: string;
  /** Most values kept per session (the oldest computed goes first). */
  readonly limit: number;
}

interface Entry {
  readonly args: readonly KeyPart[];
  readonly value: unknown;
  readonly tables: readonly Versioned[];
  readonly versions: readonly number[];
}

/**
 * Whether two argument lists are the same key from position `from` on: `===`, so rows by
 * identity and other values by value. Comparing the arguments themselves, rather than text
 * made of them, keeps a hit to a few comparisons (measured: building a text key cost a page
 * of 20 comments about a tenth of its CPU).
 */
function sameFrom(a: readonly KeyPart[], b: readonly KeyPart[], from: number): boolean {
  if (a.length !== b.length) return false;
  for (let i = from; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function fresh(entry: Entry): boolean {
  for (let i = 0; i < entry.tables.length; i++) if (entry.tables[i].version !== entry.versions[i]) return false;
  return true;
}

/** One cache's values in one session: grouped by first argument, groups oldest first. */
class Kept {
  readonly groups = new Map<KeyPart, Entry[]>();
  size = 0;

  find(args: readonly KeyPart[]): Entry | undefined {
    const group = this.groups.get(args[0]);
    // The first argument picked the group.
    if (group) for (const entry of group) if (sameFrom(entry.args, args, 1)) return entry;
    return undefined;
  }

  drop(entry: Entry): void {
    const group = this.groups.get(entry.args[0]);
    const at = group ? group.indexOf(entry) : -1;
    if (!group || at < 0) return;
    group.splice(at, 1);
    this.size--;
    if (group.length === 0) this.groups.delete(entry.args[0]);
  }

  /** Adds `entry` as the newest, then drops the oldest past `limit`. */
  add(entry: Entry, limit: number): void {
    const first = entry.args[0];
    const group = this.groups.get(first) ?? [];
    this.groups.delete(first);
    this.groups.set(first, group);
    group.push(entry);
    this.size++;
    for (const oldest of this.groups.values()) {
      if (this.size <= limit) break;
      while (oldest.length > 0 && this.size > limit) this.drop(oldest[0]);
    }
  }
}

/** The store-derived values of one session (held by its runtime). */
export class Caches {
  private readonly kept = new Map<Definition, Kept>();

  /** The value under `args`, computed again if a table it read has changed since. */
  value<A extends KeyPart[], V>(cache: Definition, db: Tables, args: A, compute: (db: Tables, ...args: A) => V): V {
    let kept = this.kept.get(cache);
    if (!kept) this.kept.set(cache, (kept = new Kept()));
    const hit = kept.find(args);
    if (hit !== undefined) {
      if (fresh(hit)) {
        // A value computed inside another one: the outer one depends on what this one read.
        noteReads(hit.tables);
        // Entries of `cache` are only ever added below, from its own compute.
        return hit.value as V;
      }
      kept.drop(hit);
    }
    const { value, tables } = readsOf(() => compute(db, ...args));
    const read = [...tables];
    kept.add({ args, value, tables: read, versions: read.map((t) => t.version) }, cache.limit);
    return value;
  }

  /** How many values of cache `name` this session keeps, fresh or not (for tests). */
  count(name: string): number {
    for (const [cache, kept] of this.kept) if (cache.name === name) return kept.size;
    return 0;
  }
}

/**
 * A store-derived cache: `compute` gets the session's tables and the arguments, which are
 * its key. Call the result with the session (a handler passes its `ctx`) and the arguments.
 */
export function derived<A extends KeyPart[], V>(name: string, compute: (db: Tables, ...args: A) => V, limit = 1000): (session: CacheSession, ...args: A) => V {
  const cache: Definition = { name, limit };
  return (session, ...args) => session.caches.value(cache, session.db, args, compute);
}

/**
 * A value computed from an immutable row (or any object never changed, like a page tree)
 * and a few other values, kept beside the row for as long as it lives. `compute` gets no
 * tables: it can depend on nothing else.
 */
export function perRow<R extends object, A extends KeyPart[], V>(compute: (row: R, ...rest: A) => V): (row: R, ...rest: A) => V {
  const kept = new WeakMap<R, { rest: A; value: V }[]>();
  return (row, ...rest) => {
    let made = kept.get(row);
    if (!made) kept.set(row, (made = []));
    for (const m of made) if (sameFrom(m.rest, rest, 0)) return m.value;
    const value = compute(row, ...rest);
    made.push({ rest, value });
    return value;
  };
}

/** Something made once per process, on first use (it never changes while the process runs). */
export function perProcess<V>(make: () => V): () => V {
  let made: { value: V } | undefined;
  return () => (made ??= { value: make() }).value;
}

/**
 * Values by name made once per process each, on first use (files that never change, or a
 * pure function of the name); a name that gives nothing (undefined) is asked again next
 * time. With a `limit`, at most that many names are kept, the oldest made going first
 * (names that come from requests are not bounded otherwise).
 */
export function perProcessByName<V>(make: (name: string) => V | undefined, limit = Infinity): (name: string) => V | undefined {
  const kept = new Map<string, V>();
  return (name) => {
    let value = kept.get(name);
    if (value === undefined) {
      value = make(name);
      if (value === undefined) return value;
      if (kept.size >= limit) kept.delete(kept.keys().next().value as string);
      kept.set(name, value);
    }
    return value;
  };
}
