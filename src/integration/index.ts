/**
 * `gitbook-mock/integration`: an integration written with `createIntegration` of
 * `@gitbook/runtime` served on a port of this machine, so that the mock's events reach it and
 * it calls the mock back, under Node and without a worker (issue 44).
 *
 * GitBook runs an integration's script in a worker; under Node it needs four things the
 * runtime does not bring: an HTTP server that turns Node's requests into `Request`s
 * (@hono/node-server, which the mock serves with), the `MODE` global its build defines,
 * the check of `X-GitBook-Integration-Signature` (an HMAC-SHA-256 of the body, hex, keyed by
 * the integration's signing secret: the manifest's `signingSecrets`), and somewhere for the
 * work it hands to `waitUntil` to go. `serveIntegration` brings them; a scenario then names
 * `served.url` as the integration's `url`.
 */
import { serve, type ServerType } from '@hono/node-server';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { argumentError } from '../text/argument-error.ts';

/** What `createIntegration(...)` of `@gitbook/runtime` returns: a worker's `fetch`. */
export interface IntegrationScript {
  fetch(request: Request, env: unknown, context: { waitUntil(promise: Promise<unknown>): void }): Promise<Response> | Response;
}

export interface ServeIntegrationOptions {
  /** The port to listen on; 0 (the default) takes a free one. */
  port?: number;
  /** The address to listen on; 127.0.0.1 by default. */
  hostname?: string;
  /**
   * The integration's signing secret (`manifest.signingSecrets[key]`). It can be set later on
   * the served integration, once the scenario that names its URL is loaded.
   */
  signingSecret?: string;
  /**
   * The runtime's `MODE` global, set when no other code has set it: `production` (the default)
   * answers only on `/v1`, which `url` ends with, as GitBook's own build does.
   */
  mode?: 'production' | 'development';
}

export interface ServedIntegration {
  /** Where the mock should send its events: the scenario integration's `url` (it ends in `/v1`). */
  readonly url: string;
  /** Requests not signed with it are answered 401 and never reach the script; unset, every request is. */
  signingSecret: string | undefined;
  /** Waits for the work the script handed to `waitUntil` so far (its event handlers' calls back to the mock). */
  settled(): Promise<void>;
  /** What the script threw or its `waitUntil` work rejected with, oldest first. */
  readonly errors: readonly unknown[];
  close(): Promise<void>;
}

const SIGNATURE = 'x-gitbook-integration-signature';

function signedBy(secret: string, body: Uint8Array, given: string): boolean {
  const wanted = Buffer.from(createHmac('sha256', secret).update(body).digest('hex'));
  const got = Buffer.from(given.toLowerCase());
  return got.length === wanted.length && timingSafeEqual(got, wanted);
}

const refuse = (status: number, message: string) => Response.json({ error: { code: status, message } }, { status });

export async function serveIntegration(script: IntegrationScript, options: ServeIntegrationOptions = {}): Promise<ServedIntegration> {
  if (typeof script?.fetch !== 'function') throw argumentError('serveIntegration(script)', 'what createIntegration(...) of @gitbook/runtime returns (an object with fetch)', script);
  const { port = 0, hostname = '127.0.0.1', mode = 'production' } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw argumentError('serveIntegration(script, options): options.port', 'a whole number from 0 to 65535', port);
  if (options.signingSecret !== undefined && typeof options.signingSecret !== 'string') throw argumentError('serveIntegration(script, options): options.signingSecret', 'a string', options.signingSecret);
  const scope = globalThis as { MODE?: string };
  scope.MODE ??= mode;

  const pending = new Set<Promise<unknown>>();
  const errors: unknown[] = [];
  const keep = (promise: Promise<unknown>) => {
    const tracked = Promise.resolve(promise).catch((error: unknown) => void errors.push(error));
    pending.add(tracked);
    void tracked.finally(() => pending.delete(tracked));
  };

  const served: ServedIntegration = {
    url: '',
    signingSecret: options.signingSecret,
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    errors,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const handle = async (request: Request): Promise<Response> => {
    const body = new Uint8Array(await request.arrayBuffer());
    if (served.signingSecret === undefined) {
      return refuse(401, 'gitbook-mock/integration: no signing secret yet; set served.signingSecret to the manifest\'s signingSecrets[key]');
    }
    if (!signedBy(served.signingSecret, body, request.headers.get(SIGNATURE) ?? '')) {
      return refuse(401, `the ${SIGNATURE} header is not the HMAC-SHA-256 of the body with the integration's signing secret`);
    }
    // The body was read for the check: the script gets the same bytes again.
    const replay = new Request(request.url, { method: request.method, headers: request.headers, body: body.length > 0 ? body : undefined });
    try {
      return await script.fetch(replay, {}, { waitUntil: keep });
    } catch (error) {
      errors.push(error);
      return refuse(500, `the integration threw: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: handle, port, hostname }, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  Object.defineProperty(served, 'url', { value: `http://${host}:${address.port}/v1`, enumerable: true });
  return served;
}
