/**
 * What the request journal keeps of an answer and of its caller, taken on the request path.
 *
 * The answer's text and headers are noted on the request's exchange (sessions/exchange.ts)
 * where the mock writes them (the registrar, the error writer, the fault rules), not read back
 * from the Response: the text already exists there (one JSON.stringify, as c.json did), and
 * reading a Response's headers on @hono/node-server turns its plain header object into a
 * Headers instance, which costs its fast response path (about 5 % of the throughput). So the
 * journal shows the headers the mock chose (content type, Location, Retry-After, Allow, a
 * fault rule's own), not CORS ones.
 */
import type { Tables } from '../store/store.ts';
import type { Manifest } from '../scenarios/loader.ts';

export const JSON_TYPE: Readonly<Record<string, string>> = Object.freeze({ 'content-type': 'application/json' });

/**
 * How an answer was made, in the `X-Mock-Source` header of every answer and the journal's
 * `source` (docs/contract.md "How an answer was made"): `state`, an operation written for the
 * API, from the session's tables; `schema`, a kept record of the generic tier, filled from the
 * official schema; `computed`, the generic tier's object made from the official schema for
 * this request, kept nowhere; `fault` and `prefer`, response control; `admin`, the admin API
 * and its pages; `router`, no row: a path or method the mock does not serve.
 */
export type Source = 'state' | 'schema' | 'computed' | 'fault' | 'prefer' | 'admin' | 'router';
export const SOURCE_HEADER = 'X-Mock-Source';

type HeaderSet = Readonly<Record<string, string>>;
const each = (make: (source: Source) => HeaderSet): Record<Source, HeaderSet> => ({
  state: make('state'), schema: make('schema'), computed: make('computed'), fault: make('fault'), prefer: make('prefer'), admin: make('admin'), router: make('router'),
});
/** The header alone, and JSON's content type with it: one frozen object each, made once. */
const SOURCE_ONLY = each((source) => Object.freeze({ 'x-mock-source': source }));
const JSON_WITH_SOURCE = each((source) => Object.freeze({ ...JSON_TYPE, 'x-mock-source': source }));

/** `headers` as sent: with the `X-Mock-Source` of the answer (the journal notes them without it: it has `source`). */
export function withSource(headers: HeaderSet | undefined, source: Source): HeaderSet {
  if (headers === JSON_TYPE) return JSON_WITH_SOURCE[source];
  if (headers === undefined) return SOURCE_ONLY[source];
  return { ...headers, 'x-mock-source': source };
}

/** `none`: no bearer token; `unknown`: a token no user has; `known`: a user's token. */
export type Auth = 'none' | 'unknown' | 'known';

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const byManifest = new WeakMap<Manifest, Map<string, string>>();

/**
 * Token → caller of a manifest, built once per manifest: a user's key, `installation:<key>` for
 * an installation's token, `integration:<key>` for an integration's.
 */
function keysByToken(manifest: Manifest): Map<string, string> {
  let map = byManifest.get(manifest);
  if (!map) {
    const named = (prefix: string, tokens: Record<string, string> = {}) => Object.entries(tokens).map(([key, token]): [string, string] => [token, `${prefix}${key}`]);
    map = new Map([...named('integration:', manifest.integrationTokens), ...named('installation:', manifest.installationTokens), ...named('', manifest.tokens)]);
    byManifest.set(manifest, map);
  }
  return map;
}

/** Who called, as the journal shows it. */
export interface Caller {
  caller: string | null;
  auth: Auth;
}

const NO_TOKEN: Caller = Object.freeze({ caller: null, auth: 'none' });
const UNKNOWN_TOKEN: Caller = Object.freeze({ caller: null, auth: 'unknown' });

/** Who called: the manifest user key of the bearer token (null when it has none), and what the token was. */
export function callerOf(authorization: string | undefined, manifest: Manifest, db: Tables): Caller {
  const token = authorization ? BEARER.exec(authorization)?.[1] : undefined;
  if (!token) return NO_TOKEN;
  return callerOfToken(token, db.users.idsBy('token', token).length > 0, manifest, db);
}

/**
 * The installation or integration whose user has a token the manifest does not name (one
 * installed through the API after the load), by its id; null for anyone else's.
 */
function botOf(db: Tables, token: string): string | null {
  const [user] = db.users.idsBy('token', token);
  if (user === undefined) return null;
  const installation = db.installations.find((row) => row.user === user);
  if (installation) return `installation:${installation.id}`;
  const integration = db.integrations.find((row) => row.user === user);
  return integration ? `integration:${integration.id}` : null;
}

/** The caller of a bearer token already read (by the registrar): `known` when a user of the tables has it. */
export function callerOfToken(token: string, known: boolean, manifest: Manifest, db: Tables): Caller {
  if (!known) return UNKNOWN_TOKEN;
  // A user of an imported state may have no key in the manifest.
  return { caller: keysByToken(manifest).get(token) ?? botOf(db, token), auth: 'known' };
}
