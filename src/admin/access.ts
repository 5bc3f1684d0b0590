/**
 * Who may use the admin API (docs/contract.md, "Admin access"): a caller with the admin token
 * from anywhere; without it, only a loopback socket that also names a loopback Host (a
 * DNS-rebound page names its own host), and in-process calls (`app.request`, `mock.fetch`),
 * which have no Node request at all. A Node request whose socket lost its address (reset at
 * once) is not in-process. Scenario API tokens never open it.
 *
 * Before any of that, a browser request sent by a page of another site is refused, loopback or
 * not (docs/contract.md, "Admin refusals and cross-site requests"): a page on any site can make
 * a browser POST to 127.0.0.1 without a preflight (a form, a `no-cors` fetch), and the browser
 * says where it comes from in `Origin` and `Sec-Fetch-Site`.
 *
 * No credentials where the admin token would open the door: 401 with `WWW-Authenticate`.
 * Credentials that are not enough, a server without an admin token, a cross-site page: 403.
 */
import type { Context } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { ApiError } from '../contract/errors.ts';
import { sameSecret } from '../text/digest.ts';
import { CONSOLE_FILES } from './ui/files.ts';

export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/** `localhost`, `127.0.0.1` or `[::1]`, with any port or none. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined) return false;
  return /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i.test(host.trim());
}

/** An origin that may call the admin API from a browser: http://localhost:*, http://127.0.0.1:* or http://[::1]:*. */
export function isLoopbackOrigin(origin: string): boolean {
  return /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i.test(origin);
}

const TOKEN_SOURCE = 'the token the server was started with (--admin-token or GITBOOK_MOCK_ADMIN_TOKEN)';
const LOOPBACK_ONLY = 'Without an admin token, this server answers admin calls only from this machine, addressed to localhost, 127.0.0.1 or [::1]';

/**
 * Why a browser page of another site sent this request, or undefined. A loopback `Origin`
 * (a dev server on localhost:5173 calling 127.0.0.1:4010 is "cross-site" to the browser) is
 * allowed, as CORS allows it, and so is a page of this very server (its `Origin` names the
 * request's own `Host`: the console opened by another name, whose module scripts carry it),
 * which the Host check and the admin token still judge. `Origin: null` (a sandboxed frame, a
 * file) is refused.
 */
export function crossSiteSender(c: Context): string | undefined {
  const origin = c.req.header('origin')?.trim();
  if (origin !== undefined) return isLoopbackOrigin(origin) || isOwnOrigin(origin, c.req.header('host')) ? undefined : `Origin: ${origin}`;
  return c.req.header('sec-fetch-site')?.trim().toLowerCase() === 'cross-site' ? 'Sec-Fetch-Site: cross-site' : undefined;
}

/** Whether `origin` is this server as the request addressed it (`http://` or `https://` and the Host). */
function isOwnOrigin(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  const own = host.trim().toLowerCase();
  const lower = origin.toLowerCase();
  return lower === `http://${own}` || lower === `https://${own}`;
}

/** The bearer token of the Authorization header, '' for another scheme, undefined without the header. */
function credentials(c: Context): string | undefined {
  const header = c.req.header('authorization');
  if (header === undefined) return undefined;
  return /^Bearer\s+(.+)$/i.exec(header.trim())?.[1] ?? '';
}

export function requireAdminAccess(c: Context, adminToken: string | undefined): void {
  const sent = credentials(c);
  if (adminToken && sent && sameSecret(sent, adminToken)) return;
  const sender = crossSiteSender(c);
  if (sender !== undefined) {
    throw new ApiError(
      403,
      `The admin API does not answer pages of other sites (this request came with ${sender}). ` +
        `It answers pages served from localhost, 127.0.0.1 or [::1], and callers that send the admin token`,
    );
  }
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (!incoming) return; // in-process: no Node request behind this one
  if (isLoopbackAddress(incoming.socket?.remoteAddress) && isLoopbackHost(c.req.header('host'))) return;
  if (!adminToken) {
    const ignored = sent === undefined ? '' : 'No bearer token opens the admin API of this server, which was started without an admin token. ';
    throw new ApiError(403, `${ignored}${LOOPBACK_ONLY}; start it with --admin-token to let other callers in with that token`);
  }
  if (sent === undefined) {
    throw new ApiError(
      401,
      `The admin API needs the admin token from here: send "Authorization: Bearer <admin token>" with ${TOKEN_SOURCE}`,
      { 'www-authenticate': 'Bearer realm="gitbook-mock admin API"' },
    );
  }
  throw new ApiError(
    403,
    `The Authorization header does not hold this server's admin token (scenario API tokens never open the admin API); send ${TOKEN_SOURCE}`,
  );
}

/**
 * The gate of a row whose access is `admin` (and of any path under /__admin no row serves), run
 * by the pipeline's access step (server/pipeline.ts) before the request's session opens: throws the refusal, or
 * says what passed. The console's own files hold no data: they are open to a link from anywhere
 * (a top-level page), not to another site's page that would load them into itself (they also
 * refuse framing); every call the console's script makes goes through the gate.
 */
export function adminGate(c: Context, adminToken: string | undefined): 'call' | 'console file' {
  const shell = (c.req.method === 'GET' || c.req.method === 'HEAD') && CONSOLE_FILES.has(c.req.path);
  if (shell && (crossSiteSender(c) === undefined || c.req.header('sec-fetch-dest') === 'document')) return 'console file';
  requireAdminAccess(c, adminToken);
  return 'call';
}
