/**
 * The one paginator. Lists are walked in a stable order (a key that only grows), and
 * `next.page` is an opaque cursor holding the last key served, so rows inserted or
 * removed between two calls never make a page repeat or skip an older row. The cursor also
 * names its list (a digest of the request path and filters, set by the registrar), so a
 * cursor given to another list is a 400 rather than a page of the wrong list.
 */
import { sha256Of, textFromBase64Url, textToBase64Url, toBase64Url } from '../text/digest.ts';
import { errors } from './errors.ts';
import { perProcessByName } from '../cache/caches.ts';
import type { RowView } from '../store/table.ts';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;

/**
 * The page size a `limit` asks for. The official document types it as a number from 0: a
 * fraction is read whole (2.5 is 2), and 0 (or less than 1) as no limit given, the default,
 * since a page of nothing would have no cursor to go on from (docs/behaviour.md).
 */
export function pageSize(limit: number | undefined): number {
  const whole = Math.floor(limit ?? 0);
  return whole >= 1 ? Math.min(whole, MAX_LIMIT) : DEFAULT_LIMIT;
}

export interface ListEnvelope<T> {
  items: T[];
  count: number;
  next?: { page: string };
}

/** The key under which the registrar puts the name of the list a request walks. */
export const LIST_NAME: unique symbol = Symbol('list name');

export interface PageRequest {
  page?: string;
  /**
   * Set by the registrar (a function, so that the digest is worked out only by a list that
   * needs it); lists walked outside a request have no name.
   */
  [LIST_NAME]?: string | (() => string);
  limit?: number;
  /** 'asc' walks from the oldest key; 'desc' (the default of most lists) from the newest. */
  order?: 'asc' | 'desc';
}

interface Cursor {
  k: number;
  o: 'asc' | 'desc';
  /** The list's name (absent for an unnamed list). */
  l?: string;
}

/**
 * The digest of a list's name, kept by the text it digests: a client walks a list page after
 * page under one name, and SHA-256 and base64 in JavaScript took 5 % of the samples of a page
 * of 20 comments served over a socket (--cpu-prof, issue 25). Bounded: names come from
 * requests.
 */
const listDigest = perProcessByName((text) => toBase64Url(sha256Of(text)).slice(0, 12), 1000);

/**
 * The name of the list a request walks: its path and its query without `page` and `limit`
 * (a filter makes another list), as a short digest so cursors stay short.
 */
export function listName(path: string, query: Record<string, unknown>): string {
  const filters = Object.keys(query)
    .filter((key) => key !== 'page' && key !== 'limit')
    .sort()
    .map((key) => [key, query[key]]);
  return listDigest(JSON.stringify([path, filters]))!;
}

function encode(cursor: Cursor): string {
  return textToBase64Url(JSON.stringify(cursor));
}

function decode(page: string, order: 'asc' | 'desc', list: string | undefined): Cursor {
  let cursor: unknown;
  try {
    cursor = JSON.parse(textFromBase64Url(page));
  } catch {
    throw errors.invalid('query', 'page is not a cursor returned by this list');
  }
  const c = cursor as Cursor;
  if (!c || typeof c.k !== 'number' || (c.o !== 'asc' && c.o !== 'desc')) {
    throw errors.invalid('query', 'page is not a cursor returned by this list');
  }
  if (c.l !== list) throw errors.invalid('query', 'page is a cursor of another list');
  if (c.o !== order) throw errors.invalid('query', 'page was returned for another order');
  return c;
}

/** First position whose key is greater than `key` (the view is ascending by key). */
function firstAfter<T>(view: RowView<T>, key: number): number {
  let lo = 0;
  let hi = view.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (view.keyAt(mid) <= key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where a walk starts: the first row after the cursor's key (asc) or the last one before it (desc). */
function startIndex<T>(view: RowView<T>, order: 'asc' | 'desc', cursor: Cursor | undefined): number {
  if (order === 'asc') return cursor ? firstAfter(view, cursor.k) : 0;
  // firstAfter(k - 1) is the first position with key >= k; step before it.
  return (cursor ? firstAfter(view, cursor.k - 1) : view.length) - 1;
}

/**
 * One page of `view`, keeping rows that pass `filter`, each turned into an item by `map`.
 * `count` is the number of rows that pass the filter in the whole list.
 */
export function paginate<T, U>(
  view: RowView<T>,
  request: PageRequest,
  map: (row: T) => U,
  filter?: (row: T) => boolean,
  defaultOrder: 'asc' | 'desc' = 'asc',
): ListEnvelope<U> {
  const order = request.order ?? defaultOrder;
  const limit = pageSize(request.limit);
  const named = request[LIST_NAME];
  const list = typeof named === 'function' ? named() : named;
  const cursor = request.page ? decode(request.page, order, list) : undefined;
  const items: U[] = [];
  let lastKey: number | undefined;
  let more = false;

  const step = order === 'asc' ? 1 : -1;
  for (let i = startIndex(view, order, cursor); i >= 0 && i < view.length; i += step) {
    const row = view.at(i);
    if (filter && !filter(row)) continue;
    if (items.length === limit) {
      more = true;
      break;
    }
    items.push(map(row));
    lastKey = view.keyAt(i);
  }

  let count = view.length;
  if (filter) {
    count = 0;
    for (let i = 0; i < view.length; i++) if (filter(view.at(i))) count++;
  }
  const envelope: ListEnvelope<U> = { items, count };
  if (more && lastKey !== undefined) envelope.next = { page: encode({ k: lastKey, o: order, l: list }) };
  return envelope;
}

/** A view over a plain array whose order is its position (for small, derived lists). */
export function arrayView<T>(rows: readonly T[]): RowView<T> {
  return { length: rows.length, at: (i) => rows[i], keyAt: (i) => i + 1 };
}
