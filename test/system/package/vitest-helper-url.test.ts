/**
 * `gitbook-mock/vitest` against a running server: every request of this file, admin and API,
 * carries `X-Mock-Session` named after the file, and each test begins with a reset in it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createMock } from '../../../src/app.ts';
import { sessionName, useGitBookMock } from '../../../src/vitest/index.ts';

const server = createMock({ scenario: 'starter' });
const seen: { method: string; path: string; session: string | null }[] = [];
const http = await new Promise<Server>((resolve) => {
  const s = serve({ fetch: (request: Request) => {
    seen.push({ method: request.method, path: new URL(request.url).pathname, session: request.headers.get('x-mock-session') });
    return server.app.fetch(request);
  }, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
});
afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

const gb = useGitBookMock({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` });

describe('useGitBookMock against a running server', () => {
  it('sends the session of this file on every request and resets it before each test', async () => {
    expect(gb.session).toBe('test-system-package-vitest-helper-url.test.ts');
    expect(gb.mock).toBeUndefined();
    const { data } = await gb.client('reader').spaces.getSpaceById(gb.id('spaces', 'handbook'));
    expect(data.title).toBe('Employee Handbook');
    expect(seen.some((r) => r.method === 'POST' && r.path === '/__admin/reset')).toBe(true);
    expect(seen.some((r) => r.path.startsWith('/v1/spaces/'))).toBe(true);
    expect(seen.every((r) => r.session === gb.session)).toBe(true);
  });

  it('makes session names the contract allows', () => {
    expect(sessionName('/repo/test/a b/ü.test.ts', '/repo')).toBe('test-a-b-.test.ts');
    const long = sessionName(`/repo/${'x'.repeat(100)}/file.test.ts`, '/repo');
    expect(long).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
    expect(long.endsWith('file.test.ts')).toBe(true);
  });
});
