/**
 * Who may use the admin API (contract.md, "Admin access"): a caller with the admin token from
 * anywhere; without it, only a loopback socket that also names a loopback Host (a DNS-rebound
 * page names its own host); in-process calls (`app.request`, `mock.fetch`), which have no Node
 * request at all. A Node request whose socket lost its address (reset at once) is not in-process.
 * Scenario API tokens never open it.
 */
import type { Context } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { errors } from '../http/errors.ts';
import { sameSecret } from '../text/digest.ts';

export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/** `localhost`, `127.0.0.1` or `[::1]`, with any port or none. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined) return false;
  return /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i.test(host.trim());
}

/** An origin that may call the admin API from a browser: http://localhost:* or http://127.0.0.1:*. */
export function isLoopbackOrigin(origin: string): boolean {
  return /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/i.test(origin);
}

export function requireAdminAccess(c: Context, adminToken: string | undefined): void {
  if (adminToken) {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    if (match && sameSecret(match[1], adminToken)) return;
  }
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (!incoming) return; // in-process: no Node request behind this one
  if (isLoopbackAddress(incoming.socket?.remoteAddress) && isLoopbackHost(c.req.header('host'))) return;
  throw errors.forbidden(
    adminToken
      ? 'the admin API needs Authorization: Bearer with the admin token'
      : 'the admin API answers only loopback with a loopback Host, or with --admin-token',
  );
}
