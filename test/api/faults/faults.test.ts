import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { GitBookAPI } from '@gitbook/api';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { routedOperations } from '../../../src/resources/index.ts';
import { MAX_DELAY_MS } from '../../../src/faults/rules.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const SPACE = '/v1/spaces/{spaces.handbook}';

describe('fault rules over a real socket', () => {
  let server: ServerType;
  let base: string;
  let token: string;

  beforeAll(async () => {
    token = gb.manifest.tokens.admin;
    base = await new Promise<string>((resolve) => {
      server = serve({ fetch: gb.mock!.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
        resolve(`http://127.0.0.1:${info.port}`),
      );
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    return { status: res.status, body: res.status === 204 ? null : await res.json() };
  };
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${t.path(path)}`, { headers: { authorization: `Bearer ${token}`, ...headers } });

  it('a status rule with body and headers, "times" then success, and matched counts', async () => {
    await admin('DELETE', '/__admin/faults');
    const created = await admin('POST', '/__admin/faults', { operationId: 'getSpaceById', status: 503, body: { oops: true }, headers: { 'x-why': 'test' }, times: 2 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(String), operationId: 'getSpaceById', status: 503, times: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await get(SPACE);
      statuses.push(res.status);
      if (i === 0) {
        expect(res.headers.get('x-why')).toBe('test');
        expect(await res.json()).toEqual({ oops: true });
      } else await res.arrayBuffer();
    }
    expect(statuses).toEqual([503, 503, 200]);
    const list = await admin('GET', '/__admin/faults');
    expect(list.body.items).toEqual([expect.objectContaining({ id: created.body.id, matched: 2 })]);
  });

  it('"after" fails only the third call; a path template and an exact path both match', async () => {
    await admin('DELETE', '/__admin/faults');
    await admin('POST', '/__admin/faults', { method: 'GET', path: '/v1/spaces/{spaceId}', status: 500, after: 2, times: 1 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await get(SPACE)).status);
    expect(statuses).toEqual([200, 200, 500, 200]);
    await admin('DELETE', '/__admin/faults');
    await admin('POST', '/__admin/faults', { path: t.path(SPACE), status: 404 });
    expect((await get(SPACE)).status).toBe(404);
    expect((await get('/v1/spaces/{spaces.handbook}/links')).status).toBe(200);
  });

  it('a 429 gets Retry-After unless the rule gives one', async () => {
    await admin('DELETE', '/__admin/faults');
    await admin('POST', '/__admin/faults', { operationId: 'getSpaceById', status: 429, times: 1 });
    const res = await get(SPACE);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await res.json()).error.message).toMatch(/fault rule/);
    await admin('POST', '/__admin/faults', { operationId: 'getSpaceById', status: 429, headers: { 'Retry-After': '7' }, times: 1 });
    expect((await get(SPACE)).headers.get('retry-after')).toBe('7');
  });

  it('"reset" closes the connection without an answer; "empty" is a 200 with no body; delay slows it', async () => {
    await admin('DELETE', '/__admin/faults');
    const rule = await admin('POST', '/__admin/faults', { operationId: 'getSpaceById', fault: 'reset', times: 1 });
    await expect(get(SPACE)).rejects.toThrow(/fetch failed/);
    await admin('POST', '/__admin/faults', { operationId: 'getSpaceById', fault: 'empty', times: 1 });
    const empty = await get(SPACE);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toBe('');
    await admin('POST', '/__admin/faults', { operationId: 'getSpaceById', delay: 150, times: 1 });
    const started = Date.now();
    const slow = await get(SPACE);
    expect(slow.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    const journal = await admin('GET', '/__admin/requests?operationId=getSpaceById');
    expect(journal.body.items.slice(-3).map((i: { injected: string }) => i.injected)).toEqual([rule.body.id, expect.any(String), expect.any(String)]);
    expect((await get(SPACE)).status).toBe(200); // the server still answers
  });

  it('a rule-answered write changes nothing', async () => {
    await admin('DELETE', '/__admin/faults');
    const before = await admin('GET', '/__admin/state');
    await admin('POST', '/__admin/faults', { operationId: 'updateSpaceById', status: 500 });
    const res = await fetch(`${base}${t.path(SPACE)}`, { method: 'PATCH', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Changed' }) });
    expect(res.status).toBe(500);
    expect((await admin('GET', '/__admin/state')).body).toEqual(before.body);
  });

  it('bad rules are refused naming the field; DELETE of one rule; reset clears them', async () => {
    expect((await admin('POST', '/__admin/faults', { status: 'x' })).body.error.message).toMatch(/body\.status/);
    expect((await admin('POST', '/__admin/faults', { fault: 'boom' })).body.error.message).toMatch(/body\.fault/);
    expect((await admin('POST', '/__admin/faults', { status: 500, times: 0 })).body.error.message).toMatch(/body\.times/);
    expect((await admin('POST', '/__admin/faults', { status: 500, nope: 1 })).status).toBe(400);
    const rule = await admin('POST', '/__admin/faults', { status: 500, operationId: 'listPages' });
    expect((await admin('DELETE', `/__admin/faults/${rule.body.id}`)).status).toBe(204);
    expect((await admin('DELETE', `/__admin/faults/${rule.body.id}`)).status).toBe(404);
    await admin('POST', '/__admin/faults', { status: 500, operationId: 'listPages' });
    await admin('POST', '/__admin/reset');
    expect((await admin('GET', '/__admin/faults')).body.items).toEqual([]);
  });
});

describe('a rule as posted is checked by its schema (schemas/admin/fault-rule.json)', () => {
  it.each([
    [{}, 'body.status, body.fault or body.delay is required'],
    [{ operationId: 'getSpaceById' }, 'body.status, body.fault or body.delay is required'],
    [{ status: 503, delay: MAX_DELAY_MS + 1 }, `body.delay must be <= ${MAX_DELAY_MS}`],
    [{ status: 99 }, 'body.status must be >= 100'],
    [{ status: 503, path: 'v1/spaces' }, 'body.path must match pattern "^/"'],
    [{ status: 503, method: '' }, 'body.method must NOT have fewer than 1 characters'],
    [{ status: 503, headers: { 'Retry-After': 5 } }, 'body.headers.Retry-After must be string'],
    [{ status: 503, id: 'mine' }, 'body.id is not a known field'],
    [[{ status: 503 }], 'body must be object'],
  ])('%j: 400 naming the field, and no rule kept', async (rule, message) => {
    const res = await t.admin('POST', '/__admin/faults', rule);
    expect(res).toMatchObject({ status: 400, body: { error: { code: 400, message } } });
    expect((await t.admin('GET', '/__admin/faults')).body.items).toEqual([]);
  });

  it('takes the longest delay, any JSON body, and a method in any case', async () => {
    const res = await t.admin('POST', '/__admin/faults', { operationId: 'getSpaceById', method: 'get', status: 418, body: 'teapot', delay: MAX_DELAY_MS });
    expect(res).toMatchObject({ status: 201, body: { id: expect.any(String), operationId: 'getSpaceById', method: 'GET', status: 418, body: 'teapot', delay: MAX_DELAY_MS } });
  });
});

describe('a rule no route can match is refused (issue 27)', () => {
  it.each([
    [{ operationId: 'getSpace' }, 'body.operationId "getSpace" is not an operation of this server, so the rule would never match; did you mean getSpaceById?'],
    [{ path: '/v1/spaces/{id}' }, 'body.path "/v1/spaces/{id}" is no route of this server, so the rule would never match; did you mean /v1/spaces/{spaceId}?'],
    [{ path: '/spaces/{spaceId}' }, 'body.path "/spaces/{spaceId}" is no route of this server, so the rule would never match; did you mean /v1/spaces/{spaceId}?'],
    [{ path: '/spaces/abc' }, 'body.path "/spaces/abc" is no route of this server, so the rule would never match; did you mean /v1/spaces/abc?'],
    [{ operationId: 'getSpaceById', path: '/v1/orgs/{organizationId}' }, 'body.path "/v1/orgs/{organizationId}" is not the path of getSpaceById (GET /v1/spaces/{spaceId}), so the rule would never match'],
    [{ operationId: 'getSpaceById', method: 'POST' }, 'body.method POST never matches getSpaceById, which takes GET'],
  ])('%j: 400 naming the field, and no rule kept', async (target, message) => {
    const res = await t.admin('POST', '/__admin/faults', { ...target, status: 503 });
    expect(res).toMatchObject({ status: 400, body: { error: { code: 400, message } } });
    expect((await t.admin('GET', '/__admin/faults')).body.items).toEqual([]);
  });

  it('takes what the route table has: a template, an exact path (with a trailing slash), an operation of the generic tier', async () => {
    for (const target of [{ path: '/v1/spaces/{spaceId}', method: 'patch' }, { path: t.path(`${SPACE}/`) }, { operationId: 'getSpaceById', path: t.path(SPACE) }]) {
      expect((await t.admin('POST', '/__admin/faults', { ...target, status: 503 })).status).toBe(201);
    }
    // An official operation the generic tier answers (resources/generic/) is a route a rule may target, and the rule fires.
    const operationId = routedOperations.find((op) => op.generic)!.operationId;
    expect((await t.admin('POST', '/__admin/faults', { operationId, status: 503 })).status).toBe(201);
    const row = routedOperations.find((op) => op.operationId === operationId)!;
    const url = row.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'organizationId' ? gb.id('organizations', 'acme') : 'x'));
    expect((await t.call('admin', row.method, url, row.method === 'GET' ? undefined : {})).status).toBe(503);
  });
});

describe('Prefer through the official client', () => {
  it('code=NNN answers that status with a message saying it was asked for, and changes nothing', async () => {
    const client = gb.client('admin');
    const id = gb.id('spaces', 'handbook');
    const before = gb.mock!.runtime.exportState();
    const error = await client.spaces
      .updateSpaceById(id, { title: 'Never' }, { headers: { Prefer: 'code=403' } })
      .then(() => undefined, (e: { code?: number; status?: number; message: string }) => e);
    expect(error).toBeDefined();
    expect(error!.message).toMatch(/Prefer: code=403/);
    expect(gb.mock!.runtime.exportState()).toEqual(before);
    const log = gb.mock!.runtime.log.list({ operationId: 'updateSpaceById' });
    expect(log.at(-1)).toMatchObject({ status: 403, injected: 'prefer' });
  });

  it('delay=MS slows one answer; codes outside 4xx/5xx are ignored', async () => {
    const started = Date.now();
    const res = await t.call('admin', 'GET', SPACE, undefined, { Prefer: 'delay=120' });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
    expect((await t.call('admin', 'GET', SPACE, undefined, { Prefer: 'code=200' })).status).toBe(200);
  });

  it.each([
    ['code=999', 'Prefer code=999 ignored: code takes an error status from 400 to 599'],
    ['code=abc', 'Prefer code=abc ignored: code takes an error status from 400 to 599'],
    ['status=404', 'Prefer status=404 ignored: the mock takes code=NNN (400-599) and delay=MS only'],
    ['delay=soon', 'Prefer delay=soon ignored: delay takes whole milliseconds'],
  ])('Prefer: %s answers as usual with X-Mock-Warning saying what was ignored (issue 27)', async (prefer, warning) => {
    const res = await t.call('admin', 'GET', SPACE, undefined, { Prefer: prefer });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-mock-warning')).toBe(warning);
    expect(gb.mock!.runtime.log.list({}).at(-1)!.response.headers['x-mock-warning']).toBe(warning);
  });

  it('honours what is valid and warns about the rest; an answer without Prefer has no warning', async () => {
    const res = await t.call('admin', 'GET', SPACE, undefined, { Prefer: 'code=404, return=minimal' });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-mock-warning')).toBe('Prefer return=minimal ignored: the mock takes code=NNN (400-599) and delay=MS only');
    expect((await t.call('admin', 'GET', SPACE)).headers.get('x-mock-warning')).toBeNull();
    // A fault rule's answer carries it too.
    await t.admin('POST', '/__admin/faults', { operationId: 'getSpaceById', status: 503, times: 1 });
    const ruled = await t.call('admin', 'GET', SPACE, undefined, { Prefer: 'wait=5' });
    expect([ruled.status, ruled.headers.get('x-mock-warning')]).toEqual([503, 'Prefer wait=5 ignored: the mock takes code=NNN (400-599) and delay=MS only']);
    // Before authentication too: a refused request still says what was ignored.
    expect((await t.call(null, 'GET', SPACE, undefined, { Prefer: 'code=1' })).headers.get('x-mock-warning')).toMatch(/^Prefer code=1 ignored/);
  });

  it('a browser page can read the warning (CORS exposes it)', async () => {
    const res = await t.call('admin', 'GET', SPACE, undefined, { Prefer: 'code=999', Origin: 'http://localhost:5173' });
    expect(res.headers.get('access-control-expose-headers')?.split(/,\s*/)).toContain('X-Mock-Warning');
  });

  it('delay past 60 s is capped at 60 s with a warning', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      let settled = false;
      const pending = t.call('admin', 'GET', SPACE, undefined, { Prefer: 'delay=60001' }).finally(() => (settled = true));
      await vi.advanceTimersByTimeAsync(59_999);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const res = await pending;
      expect(res.status).toBe(200);
      expect(res.headers.get('x-mock-warning')).toBe('Prefer delay=60001 capped at delay=60000: delays are at most 60 s');
    } finally {
      vi.useRealTimers();
    }
  });

  it('retries against "fail twice, then succeed"', async () => {
    await t.admin('POST', '/__admin/faults', { operationId: 'getSpaceById', status: 503, times: 2 });
    const client = gb.client('reader');
    const withRetry = async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return { attempt, space: (await client.spaces.getSpaceById(gb.id('spaces', 'handbook'))).data };
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
    };
    const { attempt, space } = await withRetry();
    expect(attempt).toBe(3);
    expect(space.id).toBe(gb.id('spaces', 'handbook'));
  });
});

describe('journal and near misses', () => {
  it('items carry operationId and injected; filters by method, path prefix, operationId, status', async () => {
    await t.admin('DELETE', '/__admin/requests'); // a reset keeps the journal of this file's earlier tests
    await t.call('reader', 'GET', SPACE);
    await t.call('reader', 'GET', '/v1/nothing/here');
    await t.call('reader', 'PATCH', SPACE, { title: 'x' });
    const all = (await t.admin('GET', '/__admin/requests')).body.items;
    expect(all.map((i: { operationId: string | null }) => i.operationId)).toEqual(['getSpaceById', null, 'updateSpaceById']);
    expect(all.every((i: { injected: unknown }) => i.injected === null)).toBe(true);
    expect((await t.admin('GET', '/__admin/requests?method=patch')).body.items).toHaveLength(1);
    expect((await t.admin('GET', '/__admin/requests?path=/v1/spaces')).body.items).toHaveLength(2);
    expect((await t.admin('GET', '/__admin/requests?status=404')).body.items).toHaveLength(1);
    expect((await t.admin('GET', '/__admin/requests?operationId=getSpaceById')).body.items).toHaveLength(1);
  });

  it('a request matching no operation names the closest ones', async () => {
    const res = await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/comment');
    expect(res.status).toBe(404);
    // a misspelt segment ranks before paths with a segment more or fewer
    expect(res.body.error.message).toMatch(/closest operations: listCommentsInSpace \(GET \/v1\/spaces\/\{spaceId\}\/comments\)/);
    const far = await t.call('reader', 'GET', '/v1/zzz/yyy/xxx/www/vvv');
    expect(far.body.error.message).not.toMatch(/closest/);
  });

  it('a client whose endpoint already ends in /v1 is told to drop it (issue 27)', async () => {
    const client = new GitBookAPI({ authToken: gb.manifest.tokens.reader, endpoint: `${gb.url}/v1`, serviceBinding: { fetch: gb.fetch } });
    const error = await client.user.getAuthenticatedUser().then(() => undefined, (e: Error) => e);
    const item = gb.mock!.runtime.log.list({}).at(-1)!;
    expect([item.path, item.status]).toEqual(['/v1/v1/user', 404]);
    const message = (item.response.body as { error: { message: string } }).error.message;
    expect(message).toBe(
      'No route for GET /v1/v1/user: the path has /v1 twice, so the client\'s endpoint probably ends in /v1 already; drop the /v1 from the endpoint (http://HOST:PORT, not http://HOST:PORT/v1); GET /v1/user is getAuthenticatedUser',
    );
    expect(error?.message).toContain('drop the /v1');
  });
});
