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
 *   Kept: comment JSON (comments/list-json.ts), member rosters (organizations/members.ts),
 *   spaces a member reaches (organizations/present-people.ts).
 * - `perRow` (reads no table, only immutable rows): one per process, beside the row while
 *   it lives (a WeakMap), shared by the sessions that share the row: a page tree's entries
 *   (shared/page-tree.ts), a body's document nodes (comments/body.ts), a presented user
 *   (shared/present.ts).
 * - `perProcess` (never changes while the process runs): the compiled schemas
 *   (http/schemas.ts) and OpenAPI fixture files (organizations/openapi-content.ts).
 * Not here, as they depend on neither the store nor a request: what an app fixes when it is
 * built, kept by the app (route matches, http/cached-router.ts; the OpenAPI document and
 * Swagger UI files, openapi/routes.ts).
 */
import { noteReads, readsOf, type Versioned } from '../store/table.ts';
import type { Tables } from '../store/store.ts';

/** What a key is made of: immutable objects (rows) by identity, everything else by value. */
export type KeyPart = string | number | boolean | null | undefined | object;

/** What a store-derived cache needs of a session: its tables, and where its values are kept. */
export interface CacheSession {
  readonly db: Tables;
  readonly caches: Caches;
}

/** Objects numbered once per process: rows are shared by forked sessions, their keys too. */
const identities = new WeakMap<object, number>();
let lastIdentity = 0;

function part(value: KeyPart): string {
  if (typeof value === 'string') return `${value.length}:${value}`;
  if (value === undefined) return 'u';
  if (value === null) return 'n';
  if (typeof value === 'object' || typeof value === 'function') {
    let id = identities.get(value);
    if (id === undefined) identities.set(value, (id = ++lastIdentity));
    return `#${id};`;
  }
  return `${typeof value === 'number' ? '=' : 'b'}${value};`;
}

/** The key of a list of arguments: every part delimits itself, so no two lists share one. */
export function keyOf(args: readonly KeyPart[]): string {
  let key = '';
  for (const arg of args) key += part(arg);
  return key;
}

interface Definition {
  readonly name: string;
  /** Most values kept per session (the oldest computed goes first). */
  readonly limit: number;
}

interface Entry {
  readonly value: unknown;
  readonly tables: readonly Versioned[];
  readonly versions: readonly number[];
}

function fresh(entry: Entry): boolean {
  for (let i = 0; i < entry.tables.length; i++) if (entry.tables[i].version !== entry.versions[i]) return false;
  return true;
}

/** The store-derived values of one session (held by its runtime). */
export class Caches {
  private readonly kept = new Map<Definition, Map<string, Entry>>();

  /** The value under `args`, computed again if a table it read has changed since. */
  value<V>(cache: Definition, args: readonly KeyPart[], compute: () => V): V {
    let entries = this.kept.get(cache);
    if (!entries) this.kept.set(cache, (entries = new Map()));
    const key = keyOf(args);
    const hit = entries.get(key);
    if (hit !== undefined && fresh(hit)) {
      // A value computed inside another depends on what this one read.
      noteReads(hit.tables);
      // Entries of `cache` are only ever set below, from its own compute.
      return hit.value as V;
    }
    const { value, tables } = readsOf(compute);
    const read = [...tables];
    entries.delete(key);
    entries.set(key, { value, tables: read, versions: read.map((t) => t.version) });
    if (entries.size > cache.limit) {
      for (const oldest of entries.keys()) {
        entries.delete(oldest);
        break;
      }
    }
    return value;
  }

  /** How many values of cache `name` this session keeps, fresh or not (for tests). */
  count(name: string): number {
    for (const [cache, entries] of this.kept) if (cache.name === name) return entries.size;
    return 0;
  }
}

/**
 * A store-derived cache: `compute` gets the session's tables and the arguments, which are
 * its key. Call the result with the session (`ctx.rt`) and the arguments.
 */
export function derived<A extends KeyPart[], V>(name: string, compute: (db: Tables, ...args: A) => V, limit = 1000): (session: CacheSession, ...args: A) => V {
  const cache: Definition = { name, limit };
  return (session, ...args) => session.caches.value(cache, args, () => compute(session.db, ...args));
}

/**
 * A value computed from an immutable row (or any object never changed, like a page tree)
 * and a few other values, kept beside the row for as long as it lives. `compute` gets no
 * tables: it can depend on nothing else.
 */
export function perRow<R extends object, A extends KeyPart[], V>(compute: (row: R, ...rest: A) => V): (row: R, ...rest: A) => V {
  const kept = new WeakMap<R, Map<string, { value: V }>>();
  return (row, ...rest) => {
    let byRest = kept.get(row);
    if (!byRest) kept.set(row, (byRest = new Map()));
    const key = keyOf(rest);
    let made = byRest.get(key);
    if (!made) byRest.set(key, (made = { value: compute(row, ...rest) }));
    return made.value;
  };
}

/** Something made once per process, on first use (it never changes while the process runs). */
export function perProcess<V>(make: () => V): () => V {
  let made: { value: V } | undefined;
  return () => (made ??= { value: make() }).value;
}

/**
 * Values by name made once per process each, on first use (files that never change); a
 * name that gives nothing (undefined) is asked again next time.
 */
export function perProcessByName<V>(make: (name: string) => V | undefined): (name: string) => V | undefined {
  const kept = new Map<string, V>();
  return (name) => {
    let value = kept.get(name);
    if (value === undefined) {
      value = make(name);
      if (value !== undefined) kept.set(name, value);
    }
    return value;
  };
}
