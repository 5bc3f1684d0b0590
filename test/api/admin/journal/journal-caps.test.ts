/** The request journal is bounded in bytes: a body preview per entry, and a total. */
import { describe, expect, it } from 'vitest';
import { BODY_PREVIEW, BODY_TOTAL, RequestLog, type Exchange } from '../../../../src/journal/request-log.ts';

const exchange = (url: string, status: number, body?: string, responseBody?: string): Exchange => ({
  method: 'POST', url, at: '2026-01-01T00:00:00.000Z', body, status, operationId: null, injected: null, source: 'state',
  responseBody, responseHeaders: {}, caller: null, auth: 'none', session: 'default', durationMs: 1,
});
import { createMock } from '../../../../src/app.ts';

describe('request journal caps', () => {
  it('keeps a preview of a big refused body, marked as cut, and answers the listing', async () => {
    const mock = createMock({ scenario: 'empty' });
    const big = JSON.stringify({ title: 'x'.repeat(900_000) });
    for (let i = 0; i < 5; i++) {
      const res = await mock.fetch('http://localhost/v1/spaces/nope/comments', { method: 'POST', body: big, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    const small = await mock.fetch('http://localhost/v1/spaces/nope/comments', { method: 'POST', body: '{"title":"t"}' });
    expect(small.status).toBeGreaterThanOrEqual(400);
    const res = await mock.fetch('http://localhost/__admin/requests');
    expect(res.status).toBe(200);
    const { items } = await res.json();
    expect(items).toHaveLength(6);
    for (const entry of items.slice(0, 5)) {
      expect(entry.bodyTruncated).toBe(true);
      expect(entry.body).toBe(big.slice(0, BODY_PREVIEW));
    }
    expect(items[5].body).toEqual({ title: 't' });
    expect(items[5].bodyTruncated).toBeUndefined();
  });

  it('keeps the total of kept bodies under its cap, dropping the oldest previews first', () => {
    const log = new RequestLog(100_000);
    const body = 'y'.repeat(1_000_000);
    const count = Math.ceil((BODY_TOTAL / BODY_PREVIEW) * 2);
    for (let i = 0; i < count; i++) log.add(exchange(`http://localhost/v1/x?i=${i}`, 401, body));
    const items = log.list();
    expect(items).toHaveLength(count);
    const kept = items.reduce((sum, e) => sum + String(e.body ?? '').length, 0);
    expect(kept).toBeLessThanOrEqual(BODY_TOTAL);
    expect(items[0].body).toBe('');
    expect(items.at(-1)!.body).toHaveLength(BODY_PREVIEW);
    log.clear();
    log.add(exchange('http://localhost/v1/x', 201, '{"a":1}'));
    expect(log.list()[0].body).toEqual({ a: 1 });
  });

  it('keeps the preview of a long answer given twice, and of the next one', () => {
    const log = new RequestLog(10);
    const page = JSON.stringify({ items: ['z'.repeat(10_000)] });
    const other = JSON.stringify({ items: ['w'.repeat(10_000)] });
    log.add(exchange('http://localhost/v1/a', 200, undefined, page));
    log.add(exchange('http://localhost/v1/a', 200, undefined, page));
    log.add(exchange('http://localhost/v1/b', 200, undefined, other));
    const [first, second, third] = log.list().map((e) => e.response);
    expect(first).toMatchObject({ body: page.slice(0, BODY_PREVIEW), bodyTruncated: true });
    expect(second).toEqual(first);
    expect(third).toMatchObject({ body: other.slice(0, BODY_PREVIEW), bodyTruncated: true });
  });
  it('keeps the newest entries once the ring is full, oldest first, each with its own number', () => {
    const log = new RequestLog(3);
    for (let i = 1; i <= 7; i++) log.add(exchange(`http://localhost/v1/x?i=${i}`, 200 + i, `{"i":${i}}`));
    const items = log.list();
    expect(items.map((e) => e.seq)).toEqual([5, 6, 7]);
    expect(items.map((e) => e.query)).toEqual([{ i: ['5'] }, { i: ['6'] }, { i: ['7'] }]);
    expect(items.map((e) => e.status)).toEqual([205, 206, 207]);
    expect(items.map((e) => e.body)).toEqual([{ i: 5 }, { i: 6 }, { i: 7 }]);
    expect(log.list({ after: 6 }).map((e) => e.seq)).toEqual([7]);
  });

  it('keeps what the request was when it was added: a later change to the exchange is not seen', () => {
    const log = new RequestLog(5);
    const entry = exchange('http://localhost/v1/a', 200, '{"a":1}', '{"ok":true}');
    log.add(entry);
    entry.status = 500;
    entry.caller = 'someone-else';
    entry.responseBody = '{"ok":false}';
    const [kept] = log.list();
    expect(kept).toMatchObject({ status: 200, caller: null, response: { status: 200, body: { ok: true } } });
  });

  it('keeps no entry when its limit is 0, and still answers the listing', () => {
    const log = new RequestLog(0);
    log.add(exchange('http://localhost/v1/a', 200, '{"a":1}'));
    log.add(exchange('http://localhost/v1/b', 200, '{"b":1}'));
    expect(log.list()).toEqual([]);
  });
});
