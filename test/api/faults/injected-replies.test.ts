/**
 * Fault rules and `Prefer: code=` answer through the registrar's one writer (issue 25): the
 * injected answer keeps its status, its headers (a content type the rule names included), its
 * body or none, and the journal notes it as it was written.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const SPACE = '/v1/spaces/{spaces.handbook}';

function setUp() {
  const get = (headers: Record<string, string> = {}) =>
    gb.fetch(`${t.path(SPACE)}`, { headers: { authorization: `Bearer ${gb.manifest.tokens.admin}`, ...headers } });
  const rule = async (body: object) => expect((await t.admin('POST', '/__admin/faults', body)).status).toBe(201);
  const lastEntry = async () => ((await t.admin('GET', '/__admin/requests')).body as { items: any[] }).items.at(-1);
  return { get, rule, lastEntry };
}

describe('injected answers', () => {
  it('writes the content type a rule names, with its text, and notes it in the journal', async () => {
    const { get, rule, lastEntry } = setUp();
    await rule({ operationId: 'getSpaceById', status: 502, body: 'upstream down', headers: { 'Content-Type': 'text/plain', 'X-Why': 'test' } });
    const res = await get();
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('x-why')).toBe('test');
    expect(await res.text()).toBe('"upstream down"');
    const entry = await lastEntry();
    expect(entry).toMatchObject({ status: 502, injected: expect.any(String), response: { status: 502, body: 'upstream down' } });
    expect(entry.response.headers).toMatchObject({ 'content-type': 'text/plain', 'x-why': 'test' });
  });

  it('answers a 429 with Retry-After 1 unless the rule names one, as JSON', async () => {
    const { get, rule } = setUp();
    await rule({ operationId: 'getSpaceById', status: 429, times: 1 });
    const first = await get();
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('1');
    expect(first.headers.get('content-type')).toBe('application/json');
    expect(await first.json()).toEqual({ error: { code: 429, message: expect.stringContaining('getSpaceById answered 429 by fault rule') } });
    await rule({ operationId: 'getSpaceById', status: 429, headers: { 'retry-after': '30' }, times: 1 });
    expect((await get()).headers.get('retry-after')).toBe('30');
  });

  it('writes no body for 304 and 204, and an empty 200 for the "empty" fault', async () => {
    const { get, rule } = setUp();
    await rule({ operationId: 'getSpaceById', status: 304, times: 1 });
    const notModified = await get();
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
    await rule({ operationId: 'getSpaceById', status: 204, times: 1 });
    const none = await get();
    expect(none.status).toBe(204);
    expect(await none.text()).toBe('');
    await rule({ operationId: 'getSpaceById', fault: 'empty', times: 1 });
    const empty = await get();
    expect(empty.status).toBe(200);
    expect(await empty.text()).toBe('');
    // The rules are spent: the space answers again.
    expect((await get()).status).toBe(200);
  });

  it('keeps the warning of an ignored Prefer part on the injected answer', async () => {
    const { get } = setUp();
    const res = await get({ prefer: 'code=503, example=nope' });
    expect(res.status).toBe(503);
    expect(res.headers.get('x-mock-warning')).toBeTruthy();
    expect(await res.json()).toEqual({ error: { code: 503, message: expect.stringContaining('Prefer: code=503') } });
  });
});
