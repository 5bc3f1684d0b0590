/**
 * Issue 11 item 7 and its fuzz test: real exported states, spoiled in many ways (wrong types,
 * missing fields, unknown keys, dangling references, duplicate ids, huge strings, `__proto__`
 * keys), each given to PUT /__admin/state. Every load is either refused with a 400 naming a
 * path of the state (and the state unchanged), or accepted, and then every read operation
 * over the spoiled records answers without a 5xx. Deterministic (a fixed seed) and lean.
 */
import { describe, expect, it } from 'vitest';
import { createMock, type Mock } from '../../src/app.ts';
import { operations } from '../../src/resources/index.ts';

const SEED = 0x5eed11;
const SPOILS_PER_SCENARIO = 30;

/** mulberry32: a small deterministic generator. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type State = Record<string, Record<string, Json>[]>;

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

interface Spoil {
  what: string;
  state: State;
  /** Ids of the spoiled records, by collection, for the reads. */
  collection: string;
  index: number;
}

function spoil(base: State, rnd: () => number): Spoil {
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

/** Path parameter → collection whose ids it takes. */
const PARAM_COLLECTION: Record<string, string> = {
  spaceId: 'spaces',
  organizationId: 'organizations',
  changeRequestId: 'changeRequests',
  commentId: 'comments',
  commentReplyId: 'commentReplies',
  siteId: 'sites',
  userId: 'users',
  teamId: 'teams',
  samlProviderId: 'samlProviders',
  translationSettingsId: 'translations',
  revisionId: 'revisions',
};

const reads = operations.filter((op) => op.method === 'GET');

/** Fills an operation's path from the state, preferring the spoiled record's ids. */
function fill(path: string, state: State, spoiled: Spoil): string {
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

async function put(mock: Mock, state: unknown) {
  const res = await mock.fetch('http://localhost/__admin/state', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(state),
  });
  return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
}

describe.each(['starter', 'review'])('spoiled %s states', (scenario) => {
  it(`refuses each with a 400 naming the path, or serves every read without a 5xx (${SPOILS_PER_SCENARIO} spoils, seed ${SEED})`, async () => {
    const mock = createMock({ scenario, wallClock: () => Date.parse('2026-01-01T00:00:00Z') });
    const base = mock.runtime.exportState() as unknown as State;
    const token = mock.runtime.manifest.tokens.admin;
    const rnd = random(SEED + scenario.length);
    const failures: string[] = [];
    for (let n = 0; n < SPOILS_PER_SCENARIO; n++) {
      const spoiled = spoil(base, rnd);
      const before = mock.runtime.exportState();
      const res = await put(mock, spoiled.state);
      if (res.status === 400) {
        if (!/^Invalid state: state[.[]/.test(res.body.error?.message ?? '')) failures.push(`${spoiled.what}: 400 without a path: ${res.body.error?.message}`);
        if (JSON.stringify(mock.runtime.exportState()) !== JSON.stringify(before)) failures.push(`${spoiled.what}: refused but changed the state`);
        continue;
      }
      if (res.status !== 200) {
        failures.push(`${spoiled.what}: load answered ${res.status} ${res.body.error?.message}`);
        continue;
      }
      const loaded = mock.runtime.exportState() as unknown as State;
      for (const op of reads) {
        const path = fill(op.path, loaded, spoiled);
        const read = await mock.fetch(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } });
        await read.arrayBuffer();
        if (read.status >= 500) failures.push(`${spoiled.what}: GET ${op.path} answered ${read.status}`);
      }
      await put(mock, base);
    }
    expect([...new Set(failures)]).toEqual([]);
  });
});

describe('the spoils issue 11 found', () => {
  const cases: [string, (state: State) => void, string][] = [
    ['an organization hostname of {}', (s) => void (s.organizations[0].hostname = {}), 'state.organizations[0].hostname must be string'],
    ['a revision page of {}', (s) => void ((s.revisions[0].pages as Json[])[0] = {}), 'state.revisions[0].pages[0].id is required'],
    ['an unknown key in a record', (s) => void (s.spaces[0].extra = 1), 'state.spaces[0].extra is not a known field'],
    ['a site without adaptiveContent', (s) => void delete s.sites[0].adaptiveContent, 'state.sites[0].adaptiveContent is required'],
  ];
  it.each(cases)('refuses %s with a 400 naming it, state unchanged', async (_, change, message) => {
    const mock = createMock({ scenario: 'starter', wallClock: () => 0 });
    const state = structuredClone(mock.runtime.exportState()) as unknown as State;
    change(state);
    const before = JSON.stringify(mock.runtime.exportState());
    const res = await put(mock, state);
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(`Invalid state: ${message}`);
    expect(JSON.stringify(mock.runtime.exportState())).toBe(before);
  });
});
