/**
 * Pages of other sites cannot drive the admin API (issue 24, docs/contract.md "Admin refusals
 * and cross-site requests"). A browser lets any page send a form or a `no-cors` fetch to
 * 127.0.0.1 without a preflight; what gives such a request away is its `Origin` or
 * `Sec-Fetch-Site` header. In-process here (the gate reads only headers for this); the real
 * browser is in cross-site-browser.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createMock, type Mock } from '../../../src/app.ts';
import { adminOperations } from '../../../src/openapi/admin-operations.ts';

const ADMIN_TOKEN = 'cross-site-admin-token';
const EVIL = 'https://evil.example';

function freshMock(adminToken?: string): Mock {
  return createMock({ scenario: 'starter', adminToken, wallClock: () => Date.parse('2026-01-01T00:00:00Z') });
}

/** The whole state and clock, as an in-process admin caller sees them. */
async function snapshot(mock: Mock): Promise<string> {
  const state = await (await mock.fetch('http://localhost/__admin/state')).text();
  const clock = await (await mock.fetch('http://localhost/__admin/clock')).text();
  const sessions = await (await mock.fetch('http://localhost/__admin/sessions')).json();
  return JSON.stringify([state, clock, sessions.items.map((s: { name: string }) => s.name)]);
}

/** A request for each admin route: path parameters filled, a body that would change something. */
function requestsOf(mock: Mock): { label: string; method: string; path: string; body?: string }[] {
  const space = mock.runtime.manifest.ids.spaces.handbook;
  const fill = (path: string) =>
    path
      .replace('/scenarios/{name}', '/scenarios/empty')
      .replace('/snapshots/{name}', '/snapshots/before')
      .replace('/sessions/{name}', '/sessions/other')
      .replace('/state/{collection}/{id}', `/state/spaces/${space}`)
      .replace('/ui/{file}', '/ui/console.js')
      .replace('{id}', 'some-id');
  const bodies: Record<string, string> = {
    adminImportState: JSON.stringify({ users: [] }),
    adminSetClock: JSON.stringify({ advance: 'P1D' }),
    adminAddFault: JSON.stringify({ status: 500 }),
    adminEditRecord: JSON.stringify({ id: space, title: 'Changed from afar' }),
  };
  return adminOperations.map((o) => ({ label: `${o.method} ${o.path}`, method: o.method, path: fill(o.path), body: bodies[o.operationId] }));
}

async function send(mock: Mock, method: string, path: string, headers: Record<string, string>, body?: string) {
  return mock.fetch(`http://localhost${path}`, { method, headers: { 'content-type': 'text/plain', ...headers }, body });
}

describe('the admin API refuses pages of other sites', () => {
  it('refuses the simple POST /__admin/reset of another site with 403 and the error body, and resets nothing', async () => {
    const mock = freshMock();
    await mock.fetch('http://localhost/__admin/clock', { method: 'POST', body: JSON.stringify({ advance: 'P3D' }) });
    const before = await snapshot(mock);
    const res = await send(mock, 'POST', '/__admin/reset', { origin: EVIL });
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body).toEqual({ error: { code: 403, message: expect.stringContaining(`Origin: ${EVIL}`) } });
    expect(body.error.message).toMatch(/^The admin API does not answer pages of other sites/);
    expect(await snapshot(mock)).toBe(before);
    // Only the refusal stopped it: the same call from a loopback page resets.
    expect((await send(mock, 'POST', '/__admin/reset', { origin: 'http://localhost:5173' })).status).toBe(200);
    expect(await snapshot(mock)).not.toBe(before);
  });

  it('refuses every admin route, for an Origin of another site or Sec-Fetch-Site: cross-site, and lets loopback pages through', async () => {
    const mock = freshMock();
    const before = await snapshot(mock);
    const requests = requestsOf(mock);
    expect(requests.length).toBeGreaterThanOrEqual(30);
    const senders: Record<string, string>[] = [
      { origin: EVIL },
      { origin: 'null' },
      { origin: 'http://localhost.evil.example:4010' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: EVIL, 'sec-fetch-site': 'same-origin' },
      { origin: EVIL, 'x-mock-session': 'from-afar' },
    ];
    const let_through: string[] = [];
    for (const r of requests) {
      for (const headers of senders) {
        const res = await send(mock, r.method, r.path, headers, r.body);
        if (res.status !== 403) let_through.push(`${r.label} ${JSON.stringify(headers)}: ${res.status}`);
      }
    }
    expect(let_through).toEqual([]);
    expect(await snapshot(mock)).toBe(before);

    // The same requests from pages served on loopback, any port, pass the gate (their own
    // answers vary: 404 for an unknown snapshot, 400 for a partial state, ...).
    const control = freshMock();
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:3000', 'http://[::1]:8080', 'http://LOCALHOST']) {
      for (const r of requests.filter((q) => q.method === 'GET')) {
        const res = await send(control, r.method, r.path, { origin, 'sec-fetch-site': 'cross-site' });
        expect(res.status, `${r.label} from ${origin}`).not.toBe(403);
      }
    }
  });

  it('takes a page of this very server, reached by another name, for no other site: the Host check and the token judge it', async () => {
    const mock = freshMock(ADMIN_TOKEN);
    // In-process, so the Host check does not apply: only the cross-site rule could refuse.
    const own = await send(mock, 'GET', '/__admin/ui/console.js', { host: 'mock.example:4010', origin: 'http://mock.example:4010', 'sec-fetch-dest': 'script' });
    expect(own.status).toBe(200);
    const other = await send(mock, 'GET', '/__admin/ui/console.js', { host: 'mock.example:4010', origin: 'http://mock.example:4011', 'sec-fetch-dest': 'script' });
    expect(other.status).toBe(403);
  });

  it('lets a page of another site through with the admin token, and no other token', async () => {
    const mock = freshMock(ADMIN_TOKEN);
    const before = await snapshot(mock);
    const reader = mock.runtime.manifest.tokens.admin;
    const refused = await send(mock, 'POST', '/__admin/reset', { origin: EVIL, authorization: `Bearer ${reader}` });
    expect(refused.status).toBe(403);
    expect(await snapshot(mock)).toBe(before);
    const allowed = await send(mock, 'POST', '/__admin/clock', { origin: EVIL, authorization: `Bearer ${ADMIN_TOKEN}` }, JSON.stringify({ advance: 'P1D' }));
    expect(allowed.status).toBe(200);
  });

  it('keeps /v1 open to every origin, CORS headers included', async () => {
    const mock = freshMock();
    const token = mock.runtime.manifest.tokens.reader;
    const res = await mock.fetch('http://localhost/v1/user', {
      headers: { authorization: `Bearer ${token}`, origin: EVIL, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(EVIL);
  });

  it('opens the console page from a link anywhere, never inside another site\'s page', async () => {
    const mock = freshMock();
    const link = await mock.fetch('http://localhost/__admin/ui', {
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    });
    expect(link.status).toBe(200);
    expect(link.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(link.headers.get('x-frame-options')).toBe('DENY');
    for (const [path, dest] of [['/__admin/ui', 'iframe'], ['/__admin/ui/console.js', 'script']]) {
      const framed = await mock.fetch(`http://localhost${path}`, { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': dest } });
      expect(framed.status, path).toBe(403);
    }
  });
});
