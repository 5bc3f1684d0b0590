/**
 * The generic tier's reading of the official document: every official operation that no
 * hand-written row serves is put in one of three kinds, from its method, its path and its
 * answer (src/contract/official-answers.ts), computed when the rows are built, not written
 * operation by operation:
 *
 * - a collection family: `GET .../things` (list), `POST|PUT .../things` answering 201
 *   (create) or otherwise taking a body (a batch: records by `id`, or `insert`, `update` and
 *   `delete` operations), `GET|PATCH|PUT|POST|DELETE .../things/{thingId}` (item); operations under an
 *   item (`.../things/{thingId}/sync`) need the item to exist;
 * - a singleton: `GET x` beside `PUT|PATCH x`, one object per parent;
 * - computed: everything else (search, ask, stats, actions, streams).
 *
 * A collection path where a hand-written row serves any operation is no family: its records
 * would not be the ones the hand-written rows show.
 */
import type { Method } from '../../contract/operation.ts';
import { OFFICIAL_ANSWERS } from '../../contract/official-answers.ts';
import { shape } from '../shared/paths.ts';

export type GenericRole = 'list' | 'create' | 'get' | 'update' | 'delete' | 'provision' | 'under-item' | 'singleton-get' | 'singleton-set' | 'singleton-action' | 'bulk' | 'computed';

export interface GenericOperation {
  operationId: string;
  method: Method;
  path: string;
  /** First success status of the official document, and its content type (null: no body). */
  status: number;
  type: string | null;
  body: boolean;
  query: boolean;
  role: GenericRole;
  /** The family (its collection path, parameters as `{}`) for every role but `computed`. */
  family?: string;
  /** Reads (any member) or writes (admins of an organization or site, editors of a space). */
  write: boolean;
}

const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
const endsWithParam = (path: string) => /\/\{[^}]*\}$/.test(path);

/** Path parameters naming what the hand-written rows keep: never a generic family's item. */
const KNOWN = new Set(['organizationId', 'siteId', 'spaceId', 'userId', 'teamId', 'changeRequestId', 'collectionId', 'siteSpaceId', 'revisionId', 'integrationName', 'specSlug', 'translationId']);

/** POSTs that read (search, ask, render, compute): any member may call them. */
export const READING_POST = /^(get|list|search|ask|stream|render|aggregate|track|submit|prewarm|resolve)/;

export function classify(unserved: readonly (readonly [string, Method, string])[], served: readonly { method: string; path: string }[]): GenericOperation[] {
  const taken = new Set(served.map((row) => shape(row.path)));
  const byShape = new Map<string, Set<string>>();
  for (const [, method, path] of unserved) {
    const key = shape(path);
    byShape.set(key, (byShape.get(key) ?? new Set<string>()).add(method));
  }
  const has = (path: string, method: string) => byShape.get(path)?.has(method) ?? false;
  const answer = (id: string) => OFFICIAL_ANSWERS[id] ?? [200, 'application/json', false, false];
  /** Collection paths with an unserved item path whose parameter is an id of its own (`/v1/orgs/{}/fonts` for `.../{fontId}`). */
  const withItems = new Set<string>();
  for (const [, , path] of unserved) {
    const param = /\{(\w+)\}$/.exec(path)?.[1];
    if (param && !KNOWN.has(param)) withItems.add(parentOf(shape(path)));
  }
  /** Collection paths with a hand-served item path. */
  const takenItems = new Set([...taken].filter(endsWithParam).map(parentOf));
  /**
   * A family at collection path `c`: a list and item operations, nothing hand-served there, and
   * items named by an id of their own (not a site, a user, a team the mock already has).
   */
  const families = new Map<string, boolean>();
  const isFamily = (c: string): boolean => {
    let found = families.get(c);
    if (found === undefined) {
      found = !taken.has(c) && !takenItems.has(c) && !endsWithParam(c) && has(c, 'GET') && withItems.has(c);
      families.set(c, found);
    }
    return found;
  };

  return unserved.map(([operationId, method, path]) => {
    const [status, type, body, query] = answer(operationId);
    const s = shape(path);
    const base = { operationId, method, path, status, type, body, query };
    const writes = method !== 'GET' && !(method === 'POST' && READING_POST.test(operationId));
    // On the collection path.
    if (isFamily(s)) {
      if (method === 'GET') return { ...base, role: 'list', family: s, write: false };
      if ((method === 'POST' || method === 'PUT') && status === 201) return { ...base, role: 'create', family: s, write: true };
      // A change of many records at once (upserts, a batch of inserts, updates and deletes).
      if ((method === 'PUT' || method === 'POST') && body) return { ...base, role: 'bulk', family: s, write: true };
      return { ...base, role: 'computed', write: writes };
    }
    // On an item path.
    if (endsWithParam(s) && isFamily(parentOf(s))) {
      const family = parentOf(s);
      if (method === 'GET') return { ...base, role: 'get', family, write: false };
      // Every official DELETE answers 205 when it deleted (its 204 says there was nothing to delete).
      if (method === 'DELETE') return { ...base, status: 205, role: 'delete', family, write: true };
      if (method === 'PUT' && !body) return { ...base, role: 'provision', family, write: true };
      return { ...base, role: 'update', family, write: true };
    }
    // Under an item: `.../things/{thingId}/more`.
    for (let p = parentOf(s); p.length > 3; p = parentOf(p)) {
      if (endsWithParam(p) && isFamily(parentOf(p))) return { ...base, role: 'under-item', family: parentOf(p), write: writes };
    }
    // A singleton: GET x beside PUT or PATCH x (x not a parameter); `POST x/action` acts on it (regenerate).
    const isSingleton = (x: string) => !endsWithParam(x) && has(x, 'GET') && (has(x, 'PUT') || has(x, 'PATCH')) && !taken.has(x);
    if (isSingleton(s) && method === 'GET') return { ...base, role: 'singleton-get', family: s, write: false };
    if (isSingleton(s) && (method === 'PUT' || method === 'PATCH')) return { ...base, role: 'singleton-set', family: s, write: true };
    if (method === 'POST' && isSingleton(parentOf(s))) return { ...base, role: 'singleton-action', family: parentOf(s), write: writes };
    return { ...base, role: 'computed', write: writes };
  });
}
