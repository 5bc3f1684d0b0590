import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/contract/errors.ts';
import { arrayView, DEFAULT_LIMIT, pageSize, paginate, type PageRequest } from '../../../src/contract/paginate.ts';
import { Table } from '../../../src/store/table.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `r${i + 1}`);

function filled(n: number): Table<{ id: string; even: boolean }> {
  const t = new Table<{ id: string; even: boolean }>('rows');
  ids(n).forEach((id, i) => t.insert({ id, even: (i + 1) % 2 === 0 }));
  return t;
}

/** Every id of a walk from the first page to the last. */
function walk(t: Table<{ id: string; even: boolean }>, request: PageRequest, filter?: (r: { even: boolean }) => boolean): string[][] {
  const pages: string[][] = [];
  let page: string | undefined;
  do {
    const out = paginate(t.view(), { ...request, page }, (r) => r.id, filter);
    pages.push(out.items);
    page = out.next?.page;
  } while (page);
  return pages;
}

function refusal(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('paginate', () => {
  it('reads the official limit, a number from 0: a fraction whole, 0 (or below 1) as the default', () => {
    expect([2.5, 0, 0.5, 1, 1000, undefined].map(pageSize)).toEqual([2, DEFAULT_LIMIT, DEFAULT_LIMIT, 1, 1000, DEFAULT_LIMIT]);
    const out = paginate(filled(5).view(), { limit: 2.5 }, (r) => r.id);
    expect(out.items).toEqual(['r1', 'r2']);
    expect(out.next).toBeDefined();
    expect(paginate(filled(5).view(), { limit: 0 }, (r) => r.id).items).toHaveLength(5);
  });

  it('an empty list is one empty page without next', () => {
    expect(paginate(filled(0).view(), {}, (r) => r.id)).toEqual({ items: [], count: 0 });
  });

  it('defaults to 50 rows ascending', () => {
    const out = paginate(filled(DEFAULT_LIMIT + 1).view(), {}, (r) => r.id);
    expect(out.items).toHaveLength(DEFAULT_LIMIT);
    expect(out.items[0]).toBe('r1');
    expect(out.count).toBe(DEFAULT_LIMIT + 1);
    expect(out.next).toBeDefined();
  });

  it('a list of exactly one page has no next', () => {
    expect(paginate(filled(3).view(), { limit: 3 }, (r) => r.id).next).toBeUndefined();
  });

  it('walks ascending and descending without repeat or gap', () => {
    const t = filled(7);
    expect(walk(t, { limit: 3 })).toEqual([['r1', 'r2', 'r3'], ['r4', 'r5', 'r6'], ['r7']]);
    expect(walk(t, { limit: 3, order: 'desc' })).toEqual([['r7', 'r6', 'r5'], ['r4', 'r3', 'r2'], ['r1']]);
  });

  it('the default order of the list applies when the request names none', () => {
    const out = paginate(filled(3).view(), {}, (r) => r.id, undefined, 'desc');
    expect(out.items).toEqual(['r3', 'r2', 'r1']);
  });

  it('a limit of 1 walks every row', () => {
    expect(walk(filled(3), { limit: 1 }).flat()).toEqual(['r1', 'r2', 'r3']);
  });

  it('filters rows and counts the matches of the whole list', () => {
    const t = filled(7);
    const even = (r: { even: boolean }) => r.even;
    const first = paginate(t.view(), { limit: 2 }, (r) => r.id, even);
    expect(first.items).toEqual(['r2', 'r4']);
    expect(first.count).toBe(3);
    expect(walk(t, { limit: 2 }, even)).toEqual([['r2', 'r4'], ['r6']]);
  });

  it('no next when the rows left after a full page do not pass the filter', () => {
    const out = paginate(filled(5).view(), { limit: 2 }, (r) => r.id, (r) => r.even);
    expect(out.items).toEqual(['r2', 'r4']);
    expect(out.next).toBeUndefined();
  });

  it('a row inserted between pages does not repeat or skip older rows (ascending: it comes last)', () => {
    const t = filled(4);
    const first = paginate(t.view(), { limit: 2 }, (r) => r.id);
    t.insert({ id: 'new', even: false });
    const second = paginate(t.view(), { limit: 2, page: first.next!.page }, (r) => r.id);
    expect(second.items).toEqual(['r3', 'r4']);
  });

  it('a row inserted between descending pages does not shift the next page', () => {
    const t = filled(4);
    const first = paginate(t.view(), { limit: 2, order: 'desc' }, (r) => r.id);
    t.insert({ id: 'new', even: false });
    const second = paginate(t.view(), { limit: 2, order: 'desc', page: first.next!.page }, (r) => r.id);
    expect(second.items).toEqual(['r2', 'r1']);
  });

  it('the row a cursor points at may be deleted; the walk goes on after it', () => {
    const t = filled(5);
    const asc = paginate(t.view(), { limit: 2 }, (r) => r.id);
    const desc = paginate(t.view(), { limit: 2, order: 'desc' }, (r) => r.id);
    t.delete('r2');
    t.delete('r4');
    expect(paginate(t.view(), { limit: 2, page: asc.next!.page }, (r) => r.id).items).toEqual(['r3', 'r5']);
    expect(paginate(t.view(), { limit: 2, order: 'desc', page: desc.next!.page }, (r) => r.id).items).toEqual(['r3', 'r1']);
  });

  it('a cursor past the end gives an empty page', () => {
    const t = filled(3);
    const first = paginate(t.view(), { limit: 2 }, (r) => r.id);
    t.delete('r3');
    expect(paginate(t.view(), { limit: 2, page: first.next!.page }, (r) => r.id)).toEqual({ items: [], count: 2 });
  });

  it('refuses a cursor that is not one (400 naming the query)', () => {
    const view = filled(2).view();
    for (const page of ['not-a-cursor', Buffer.from('{"k":"1","o":"asc"}').toString('base64url'), Buffer.from('null').toString('base64url'), Buffer.from('{"k":1,"o":"up"}').toString('base64url')]) {
      const error = refusal(() => paginate(view, { page }, (r) => r.id));
      expect(error.status).toBe(400);
      expect(error.message).toBe('Invalid query: page is not a cursor returned by this list');
    }
  });

  it('refuses a cursor of the other order', () => {
    const t = filled(3);
    const asc = paginate(t.view(), { limit: 1 }, (r) => r.id);
    const error = refusal(() => paginate(t.view(), { limit: 1, order: 'desc', page: asc.next!.page }, (r) => r.id));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/another order/);
  });

  it('arrayView orders a plain array by position', () => {
    const out = paginate(arrayView(['a', 'b', 'c']), { limit: 2 }, (x) => x.toUpperCase());
    expect(out.items).toEqual(['A', 'B']);
    expect(paginate(arrayView(['a', 'b', 'c']), { limit: 2, page: out.next!.page }, (x) => x).items).toEqual(['c']);
  });
});
