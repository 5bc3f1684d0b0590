/**
 * Who may use the admin API (docs/contract.md, "Admin access"), over a real socket on loopback:
 * the Host check, the admin token, scenario tokens refused, a reset connection, admin CORS, and
 * what a refusal says (docs/contract.md, "Admin refusals and cross-site requests").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createMock, type Mock } from '../../../src/app.ts';

const TOKEN = 'admin-secret-token';

function listen(mock: Mock): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: mock.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ server, port: info.port }),
    );
  });
}

function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, body: text, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const advance = JSON.stringify({ advance: 'P1D' });

/** 40 connections that each send `POST /__admin/clock` with this Host and reset at once. */
function resetStorm(port: number, host: string): Promise<void[]> {
  const raw = `POST /__admin/clock HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${advance.length}\r\n\r\n${advance}`;
  return Promise.all(
    Array.from({ length: 40 }, () =>
      new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(raw);
          socket.resetAndDestroy();
        });
        socket.on('close', () => resolve());
        socket.on('error', () => resolve());
      }),
    ),
  );
}

describe('admin access over a real socket', () => {
  let plain: Mock;
  let guarded: Mock;
  let open: { server: ServerType; port: number };
  let tokened: { server: ServerType; port: number };
  beforeAll(async () => {
    plain = createMock({ scenario: 'starter', wallClock: () => Date.parse('2026-01-01T00:00:00Z') });
    guarded = createMock({ scenario: 'starter', adminToken: TOKEN, wallClock: () => Date.parse('2026-01-01T00:00:00Z') });
    open = await listen(plain);
    tokened = await listen(guarded);
  });
  afterAll(() => {
    open.server.close();
    tokened.server.close();
  });

  it('serves loopback with a loopback Host (any port), and refuses a foreign Host with 403 and no change', async () => {
    for (const host of ['localhost', `127.0.0.1:${open.port}`, '[::1]:80', 'LOCALHOST:4010']) {
      expect((await send(open.port, 'GET', '/__admin/health', { host })).status).toBe(200);
    }
    const before = plain.runtime.clock.iso();
    for (const host of ['evil.example', 'evil.example:80', 'localhost.evil.example', '127.0.0.1.nip.io']) {
      const res = await send(open.port, 'POST', '/__admin/clock', { host, 'content-type': 'application/json' }, advance);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ error: { code: 403 } });
    }
    expect(plain.runtime.clock.iso()).toBe(before);
  });

  it('never opens the admin API with a scenario API token, even an organization admin', async () => {
    const state = await (await plain.fetch('http://localhost/__admin/state')).json();
    const before = plain.runtime.clock.iso();
    for (const user of state.users) {
      const res = await send(open.port, 'POST', '/__admin/clock', { host: 'mock.example', authorization: `Bearer ${user.token}` }, advance);
      expect(res.status).toBe(403);
    }
    expect(plain.runtime.clock.iso()).toBe(before);
  });

  it('opens with the admin token from a foreign Host, and refuses a wrong one', async () => {
    const before = guarded.runtime.clock.iso();
    const wrong = await send(tokened.port, 'POST', '/__admin/clock', { host: 'mock.example', authorization: 'Bearer nope' }, advance);
    expect(wrong.status).toBe(403);
    expect(guarded.runtime.clock.iso()).toBe(before);
    const right = await send(tokened.port, 'POST', '/__admin/clock', { host: 'mock.example', authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, advance);
    expect(right.status).toBe(200);
    expect(Date.parse(guarded.runtime.clock.iso()) - Date.parse(before)).toBe(86_400_000);
  });

  it('lets the console page and its two files through from a foreign Host (they hold no data), and nothing else under /__admin/ui', async () => {
    for (const path of ['/__admin/ui', '/__admin/ui/console.js', '/__admin/ui/console.css']) {
      expect((await send(tokened.port, 'GET', path, { host: 'mock.example' })).status).toBe(200);
    }
    // Anything else wants the admin token: 401, as no credentials came.
    for (const path of ['/__admin/ui/../state', '/__admin/ui%2F..%2Fstate', '/__admin/uix', '/__admin/ui/state']) {
      expect((await send(tokened.port, 'GET', path, { host: 'mock.example' })).status).toBe(401);
    }
    const post = await send(tokened.port, 'POST', '/__admin/ui', { host: 'mock.example' });
    expect(post.status).toBe(401);
  });

  it('says in a sentence why it refuses: 401 with WWW-Authenticate when no credentials came and the token would open it, else 403', async () => {
    const clocks = () => [plain.runtime.clock.iso(), guarded.runtime.clock.iso()];
    const before = clocks();
    const json = { 'content-type': 'application/json' };
    const reader = plain.runtime.manifest.tokens.admin;

    const missing = await send(tokened.port, 'POST', '/__admin/clock', { host: 'mock.example', ...json }, advance);
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer\b/);
    expect(JSON.parse(missing.body)).toEqual({
      error: { code: 401, message: expect.stringMatching(/^The admin API needs the admin token from here: send "Authorization: Bearer <admin token>"/) },
    });

    const wrong = await send(tokened.port, 'POST', '/__admin/clock', { host: 'mock.example', authorization: 'Bearer nope', ...json }, advance);
    expect(wrong.status).toBe(403);
    expect(wrong.headers['www-authenticate']).toBeUndefined();
    expect(JSON.parse(wrong.body).error.message).toMatch(/^The Authorization header does not hold this server's admin token/);
    const basic = await send(tokened.port, 'POST', '/__admin/clock', { host: 'mock.example', authorization: 'Basic YTpi', ...json }, advance);
    expect(basic.status).toBe(403);

    // No admin token on this server: no credentials would help, so 403 (docs/contract.md, "Admin access").
    const foreign = await send(open.port, 'POST', '/__admin/clock', { host: 'mock.example', ...json }, advance);
    expect(foreign.status).toBe(403);
    expect(foreign.headers['www-authenticate']).toBeUndefined();
    expect(JSON.parse(foreign.body).error.message).toMatch(/^Without an admin token, this server answers admin calls only from this machine/);
    const scenarioToken = await send(open.port, 'POST', '/__admin/clock', { host: 'mock.example', authorization: `Bearer ${reader}`, ...json }, advance);
    expect(scenarioToken.status).toBe(403);
    expect(JSON.parse(scenarioToken.body).error.message).toMatch(/^No bearer token opens the admin API of this server/);

    // A page of another site, on loopback with a loopback Host: 403, token or not, unless the admin token.
    const page = { host: `127.0.0.1:${tokened.port}`, origin: 'http://evil.example', 'content-type': 'text/plain' };
    expect((await send(tokened.port, 'POST', '/__admin/reset', page)).status).toBe(403);
    expect((await send(tokened.port, 'POST', '/__admin/reset', { ...page, authorization: 'Bearer nope' })).status).toBe(403);

    for (const res of [missing, wrong, basic, foreign, scenarioToken]) expect(res.body).not.toMatch(/You do not have permission/);
    expect(clocks()).toEqual(before);
  });

  it('does not take a connection reset at once for an in-process call', async () => {
    const before = plain.runtime.clock.iso();
    await resetStorm(open.port, 'evil.example');
    await new Promise((r) => setTimeout(r, 200));
    expect(plain.runtime.clock.iso()).toBe(before);
  });

  it('refuses a reset connection with a loopback Host: the address check alone, not the Host check, stops it', async () => {
    // A server whose fetch notes, for each admin call, whether the socket had lost its address
    // by the time the app answered, and what the app answered.
    const mock = createMock({ scenario: 'starter', wallClock: () => Date.parse('2026-01-01T00:00:00Z') });
    const seen: { lost: boolean; status: number }[] = [];
    const server = await new Promise<{ server: ServerType; port: number }>((resolve) => {
      const s = serve(
        {
          fetch: async (req: Request, env: { incoming: { socket: { remoteAddress?: string } } }) => {
            const res = await mock.app.fetch(req, env);
            seen.push({ lost: env.incoming.socket.remoteAddress === undefined, status: res.status });
            return res;
          },
          port: 0,
          hostname: '127.0.0.1',
        },
        (info: AddressInfo) => resolve({ server: s, port: info.port }),
      );
    });
    try {
      for (let round = 0; round < 5 && !seen.some((s) => s.lost); round++) {
        await resetStorm(server.port, 'localhost');
        await new Promise((r) => setTimeout(r, 100));
      }
      const lost = seen.filter((s) => s.lost);
      // The race happened (else this test would prove nothing), and every such call was refused.
      expect(lost.length).toBeGreaterThan(0);
      expect(lost.every((s) => s.status === 403)).toBe(true);
    } finally {
      server.server.close();
    }
  });

  it('answers 403 for a Node request whose socket lost its address, and serves in-process calls', async () => {
    const closed = await plain.app.fetch(new Request('http://localhost/__admin/health'), { incoming: { socket: {} } } as never);
    expect(closed.status).toBe(403);
    expect((await plain.app.request('/__admin/health')).status).toBe(200);
    expect((await plain.fetch('http://anything.example/__admin/health')).status).toBe(200);
  });

  it('allows cross-origin admin calls only from loopback origins; /v1 stays open to every origin', async () => {
    const evil = await send(open.port, 'GET', '/__admin/health', { host: 'localhost', origin: 'http://evil.example' });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await send(open.port, 'OPTIONS', '/__admin/state', {
      host: 'localhost',
      origin: 'https://evil.example',
      'access-control-request-method': 'PUT',
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:3000']) {
      const ok = await send(open.port, 'GET', '/__admin/health', { host: 'localhost', origin });
      expect(ok.headers['access-control-allow-origin']).toBe(origin);
    }
    const api = await send(open.port, 'GET', '/v1/orgs', { host: 'localhost', origin: 'https://evil.example' });
    expect(api.headers['access-control-allow-origin']).toBe('https://evil.example');
  });
});

describe('the CLI and the admin token', () => {
  it('takes --admin-token or GITBOOK_MOCK_ADMIN_TOKEN, and warns on a non-loopback --host without one', async () => {
    const { parseCli, isLoopbackListen } = await import('../../../src/cli-args.ts');
    expect(parseCli(['--admin-token', 'a'], {}).app.adminToken).toBe('a');
    expect(parseCli([], { GITBOOK_MOCK_ADMIN_TOKEN: 'b' }).app.adminToken).toBe('b');
    expect(parseCli([], {}).app.adminToken).toBeUndefined();
    expect(isLoopbackListen('127.0.0.1')).toBe(true);
    expect(isLoopbackListen('0.0.0.0')).toBe(false);
    const { spawn } = await import('node:child_process');
    const bin = new URL('../../../bin/gitbook-mock.js', import.meta.url).pathname;
    const child = spawn(process.execPath, [bin, '--port', '0', '--host', '0.0.0.0', '--scenario', 'empty'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, GITBOOK_MOCK_ADMIN_TOKEN: '' },
    });
    let err = '';
    child.stderr.on('data', (c) => (err += c));
    await new Promise<void>((resolve) => child.stdout.on('data', (c) => String(c).includes('listening') && resolve()));
    child.kill('SIGTERM');
    expect(err).toMatch(/warning: .*--admin-token/);
  });
});
