import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { Registrar } from '../../../src/server/registrar.ts';
import { Pipeline, planOf, routerPlan } from '../../../src/server/pipeline.ts';
import { op } from '../../../src/contract/operation.ts';
import { errors } from '../../../src/contract/errors.ts';
import { Runtime } from '../../../src/runtime.ts';
import { nodePlatform } from '../../../src/node-platform.ts';
import { Sessions } from '../../../src/sessions/registry.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

describe('authentication', () => {
  it.each([
    ['no header', {}],
    ['a header without Bearer', { authorization: 'Token abc' }],
    ['an unknown token', { authorization: 'Bearer gb_api_not_a_real_token' }],
  ])('answers 401 with the error body for %s', async (_name, headers) => {
    const res = await t.call(null, 'GET', '/v1/orgs', undefined, headers);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 401, message: expect.any(String) } });
  });
});

describe('routing errors', () => {
  it('answers 404 as JSON for an unknown route', async () => {
    const res = await t.call('admin', 'GET', '/v1/nothing/here');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(404);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await t.call('admin', 'GET', '/v1/orgs/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body.error.message).toContain('does-not-exist');
  });

  it('answers 405 with Allow for a known path and a wrong method', async () => {
    const res = await t.call('admin', 'DELETE', '/v1/orgs');
    expect(res.status).toBe(405);
    // POST /v1/orgs (createOrganization) is official too: not served yet, routed all the same.
    expect(res.headers.get('allow')).toBe('GET, POST');
    expect(res.body.error.code).toBe(405);
  });

  it('answers 413 for a body over 1 MB', async () => {
    const res = await t.call('admin', 'POST', '/v1/orgs', { title: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe(413);
  });

  it('refuses a path parameter longer than 256 characters', async () => {
    const res = await t.call('admin', 'GET', `/v1/orgs/${'a'.repeat(300)}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('path.organizationId');
  });
});

describe('query validation', () => {
  it.each([
    ['limit=-1', 'query.limit must be >= 0'],
    ['limit=1001', 'query.limit must be <= 1000'],
    ['limit=ten', 'query.limit must be number'],
    ['page=%7Bnot-a-cursor', 'page is not a cursor'],
  ])('refuses %s with a message naming the field', async (query, message) => {
    const res = await t.call('admin', 'GET', `/v1/orgs?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
  });

  it('walks a list page by page with opaque cursors', async () => {
    const first = await t.call('admin', 'GET', '/v1/orgs?limit=1');
    expect(first.body.items).toHaveLength(1);
    expect(first.body.count).toBe(2);
    expect(typeof first.body.next.page).toBe('string');
    const second = await t.call('admin', 'GET', `/v1/orgs?limit=1&page=${first.body.next.page}`);
    expect(second.body.items).toHaveLength(1);
    expect(second.body.next).toBeUndefined();
    expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
  });
});

describe('CORS', () => {
  it('answers a preflight from another origin', async () => {
    const res = await t.call(null, 'OPTIONS', '/v1/orgs', undefined, {
      origin: 'http://localhost:5173',
      'access-control-request-method': 'PATCH',
      'access-control-request-headers': 'authorization, content-type',
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });

  it('allows the origin on simple requests and on errors', async () => {
    const ok = await t.call('admin', 'GET', '/v1/orgs', undefined, { origin: 'http://app.test:3000' });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://app.test:3000');
    const denied = await t.call(null, 'GET', '/v1/orgs', undefined, { origin: 'http://app.test:3000' });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('access-control-allow-origin')).toBe('http://app.test:3000');
  });
});

describe('the registrar', () => {
  function harness() {
    const rt = new Runtime(nodePlatform, { wallClock: () => 0 });
    const app = new Hono();
    const sessions = new Sessions(rt);
    // A pipeline of the steps alone: no CORS options, no gate, a path no row serves answered with no session.
    const pipeline = new Pipeline({
      sessions,
      cors: { allowMethods: [], allowHeaders: [], exposeHeaders: [], maxAgeSeconds: 0 },
      gates: {},
      unserved: () => routerPlan(planOf({ operationId: 'unserved', method: 'GET', path: '/', status: 404, access: 'public', session: 'none' })),
      notFound: (c) => errors.routeNotFound(c.req.method, c.req.path),
    });
    app.notFound(pipeline.unserved);
    const token = rt.manifest.tokens.admin;
    new Registrar(app, pipeline).register([
      op({
        operationId: 'renameTwice',
        method: 'POST',
        path: '/v1/test/{id}',
        status: 200,
        body: 'common/title-body',
        handle: (ctx) => {
          ctx.db.organizations.update(ctx.params.id, { title: ctx.body.title });
          if (ctx.body.title === 'explode') throw errors.conflict('second write refused');
          return { ok: true };
        },
      }),
      op({
        operationId: 'crash',
        method: 'POST',
        path: '/v1/crash',
        status: 204,
        handle: () => {
          throw new TypeError('a bug');
        },
      }),
    ]);
    const send = (path: string, body: string, type = 'application/json') =>
      app.request(path, { method: 'POST', body, headers: { authorization: `Bearer ${token}`, 'content-type': type } });
    return { rt, send, acme: rt.manifest.ids.organizations.acme };
  }

  it('names the field of an invalid body and changes nothing', async () => {
    const { rt, send, acme } = harness();
    const res = await send(`/v1/test/${acme}`, JSON.stringify({ title: 'x' }));
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('body.title must NOT have fewer than 2 characters');
    expect(rt.db.organizations.get(acme)!.title).toBe('Acme Corporation');
  });

  it('accepts and drops an unknown body field, as the real service does', async () => {
    const { rt, send, acme } = harness();
    const res = await send(`/v1/test/${acme}`, JSON.stringify({ title: 'Good', colour: 'red' }));
    expect(res.status).toBe(200);
    expect(rt.db.organizations.get(acme)!.title).toBe('Good');
    expect(rt.db.organizations.get(acme)).not.toHaveProperty('colour');
  });

  it('refuses malformed JSON with 400', async () => {
    const { send, acme } = harness();
    const res = await send(`/v1/test/${acme}`, '{"title": ');
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/^Malformed JSON body/);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const { send, acme } = harness();
    const res = await send(`/v1/test/${acme}`, 'title=Good', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(415);
  });

  it('undoes every write of a handler that fails', async () => {
    const { rt, send, acme } = harness();
    const res = await send(`/v1/test/${acme}`, JSON.stringify({ title: 'explode' }));
    expect(res.status).toBe(409);
    expect(rt.db.organizations.get(acme)!.title).toBe('Acme Corporation');
  });

  it('turns an unexpected exception into a JSON 500', async () => {
    const { send } = harness();
    const original = console.error;
    console.error = () => {};
    try {
      const res = await send('/v1/crash', '');
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: { code: 500, message: expect.any(String) } });
    } finally {
      console.error = original;
    }
  });
});
