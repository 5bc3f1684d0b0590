/**
 * Spoiled states for the fuzz tests of issue 11 item 7 (test/api/admin/spoiled-state.test.ts,
 * test/api/persistence/spoiled-journal.test.ts): real exported states spoiled in many ways
 * (wrong types, missing fields, unknown keys, dangling references, duplicate ids, huge strings,
 * `__proto__` keys), and the read operations to try over them, their paths filled from the
 * spoiled record.
 */
import { routedOperations } from '../../src/resources/index.ts';
import { mulberry32 } from '../../src/resources/generic/walker.ts';
import { COLLECTIONS } from '../../src/store/collections/index.ts';

/** mulberry32: a small deterministic generator (the generic tier's). */
export const random = mulberry32;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type State = Record<string, Record<string, Json>[]>;

const WRONG: Json[] = [null, {}, [], 0, -1, 1.5, true, '', 'x', 'not-an-id', '9999-99-99T99:99:99Z', 'x'.repeat(100_000)];

/** Every path (as keys) to a value inside `value`, up to `depth` levels. */
function paths(value: Json, depth: number, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [];
  if (depth === 0 || value === null || typeof value !== 'object') return out;
  const entries: [string | number, Json][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [key, child] of entries) {
    out.push([...prefix, key]);
    out.push(...paths(child, depth - 1, [...prefix, key]));
  }
  return out;
}

export interface Spoil {
  what: string;
  state: State;
  /** Ids of the spoiled records, by collection, for the reads. */
  collection: string;
  index: number;
}

export function spoil(base: State, rnd: () => number): Spoil {
  const state = structuredClone(base);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const collections = Object.keys(state).filter((name) => state[name].length > 0);
  const collection = pick(collections);
  const index = Math.floor(rnd() * state[collection].length);
  const record = state[collection][index];
  const kind = pick(['wrong', 'wrong', 'wrong', 'missing', 'unknown', 'dangling', 'duplicate', 'proto', 'huge', 'collection'] as const);
  const at = pick(paths(record, 4));
  const parentOf = (path: (string | number)[]) => path.slice(0, -1).reduce<Json>((v, k) => (v as Record<string, Json>)[k], record) as Record<string, Json>;
  let what = `${collection}[${index}]`;
  switch (kind) {
    case 'wrong': {
      const value = pick(WRONG);
      parentOf(at)[at.at(-1)!] = value;
      what += `.${at.join('.')} = ${JSON.stringify(value).slice(0, 20)}`;
      break;
    }
    case 'missing': {
      const parent = parentOf(at);
      if (Array.isArray(parent)) parent.splice(Number(at.at(-1)), 1);
      else delete parent[at.at(-1)!];
      what += `.${at.join('.')} removed`;
      break;
    }
    case 'unknown':
      record[pick(['extra', 'constructor', 'toString', 'hasOwnProperty'])] = pick(WRONG);
      what += ' with an unknown key';
      break;
    case 'dangling': {
      const refs = Object.keys(record).filter((k) => typeof record[k] === 'string' && k !== 'id' && /^[a-z]+[A-Z]?[a-z]*$/.test(k));
      const key = refs.length ? pick(refs) : 'id';
      record[key] = 'dangling-id-0000';
      what += `.${key} dangling`;
      break;
    }
    case 'duplicate': {
      const other = state[collection][(index + 1) % state[collection].length];
      record.id = other.id;
      what += '.id duplicated';
      break;
    }
    case 'proto': {
      const parent = parentOf(at);
      const target = parent && typeof parent === 'object' && !Array.isArray(parent) ? parent : record;
      Object.defineProperty(target, '__proto__', { value: { polluted: true, id: 'proto' }, enumerable: true, configurable: true, writable: true });
      what += ` with a __proto__ key at ${at.slice(0, -1).join('.')}`;
      break;
    }
    case 'huge': {
      const strings = paths(record, 4).filter((p) => typeof parentOf(p)?.[p.at(-1)!] === 'string');
      const path = strings.length ? pick(strings) : ['id'];
      parentOf(path)[path.at(-1)!] = 'y'.repeat(200_000);
      what += `.${path.join('.')} huge`;
      break;
    }
    case 'collection':
      (state as Record<string, Json>)[collection] = pick([{}, null, 'rows', [1], [[]]]) as Json;
      what = `${collection} replaced`;
      break;
  }
  return { what, state, collection, index };
}

/** Path parameter → collection whose ids it takes, as the collections declare them (`params`, src/store/collections/). */
const PARAM_COLLECTION: Record<string, string> = Object.fromEntries(COLLECTIONS.flatMap((c) => (c.params ?? []).map((param) => [param, c.name])));

/** The read operations (the generic tier's too), which a spoiled state must never make answer a 5xx. */
export const reads = routedOperations.filter((op) => op.method === 'GET');

/** Fills an operation's path from the state, preferring the spoiled record's ids. */
export function fill(path: string, state: State, spoiled: Spoil): string {
  const record = spoiled.state[spoiled.collection]?.[spoiled.index] as Record<string, Json> | undefined;
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const collection = PARAM_COLLECTION[name];
    const rows = collection ? state[collection] : undefined;
    if (collection === spoiled.collection && record && typeof record.id === 'string') return encodeURIComponent(record.id);
    // A reference from the spoiled record (its space, organization...) when it has one.
    const ref = record?.[name.replace(/Id$/, '')];
    if (typeof ref === 'string') return encodeURIComponent(ref);
    const first = Array.isArray(rows) ? rows.find((r) => r && typeof r.id === 'string') : undefined;
    if (first) return encodeURIComponent(first.id as string);
    if (name === 'pageId') {
      const revision = state.revisions?.[0] as { pages?: { id?: string }[] } | undefined;
      return encodeURIComponent(revision?.pages?.[0]?.id ?? 'page');
    }
    if (name === 'pagePath') return 'a/b';
    if (name === 'specSlug') return String((state.openapiSpecs?.[0] as { slug?: string } | undefined)?.slug ?? 'spec');
    if (name === 'emailDomain') return 'example.com';
    return 'x';
  });
}
