/**
 * Sessions and admin access over a real socket: a caller the admin API refuses never
 * creates a session through it, while the API (open to everyone) does; odd header values
 * are a 400, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createMock, type Mock } from '../../src/app.ts';

let mock: Mock;
let server: ServerType;
let port: number;

beforeAll(async () => {
  mock = createMock();
  await new Promise<void>((resolve) => {
    server = serve({ fetch: mock.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      port = info.port;
      resolve();
    });
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const names = () => mock.sessions.list().map((s) => s.name);

describe('sessions behind the admin door', () => {
  it('creates no session for an admin call it refuses (a non-loopback Host)', async () => {
    const refused = await send('/__admin/health', { host: 'mock.example.com', 'x-mock-session': 'sneaky' });
    expect(refused.status).toBe(403);
    const deleting = await send('/__admin/sessions', { host: 'mock.example.com' });
    expect(deleting.status).toBe(403);
    expect(names()).not.toContain('sneaky');
    // The API is open to every caller, sessions included.
    const token = mock.runtime.manifest.tokens.reader;
    const api = await send('/v1/user', { host: 'mock.example.com', authorization: `Bearer ${token}`, 'x-mock-session': 'api-caller' });
    expect(api.status).toBe(200);
    expect(names()).toContain('api-caller');
  });

  it('answers odd header values with the 400 error body', async () => {
    for (const value of ['x'.repeat(5000), '..', 'a:b', 'tab\there', '%20']) {
      const res = await send('/__admin/health', { host: '127.0.0.1', 'x-mock-session': value });
      if (value === '..') {
        expect(res.status).toBe(200); // dots are allowed characters: a good name (of no session yet: read as it would start)
        continue;
      }
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body).error.code).toBe(400);
    }
  });
});
