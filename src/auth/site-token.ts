/**
 * The short-lived API token a URL lookup hands out (`apiToken` of PublishedSiteContent): a JWT
 * whose payload is the official SiteAPIToken (the site, site space and space to render, the
 * organization and the spaces it may read), signed HS256 with a secret derived from the app's
 * seed. Signing and checking are synchronous (HMAC from @noble/hashes), so a handler mints it and
 * the registrar accepts it as a bearer token (see `siteTokenCaller`); URL lookups (resources/urls/) mint it.
 *
 * It lives as long as GitBook's do: until the next UTC midnight plus 5 minutes. Two clocks read
 * it. Its receiver (GitBook's renderer, app/utils.ts and lib/api-token.ts) compares `exp` with
 * its own wall clock, so `exp` is the wall clock's time of issue plus that lifetime, whatever
 * the virtual clock says. The mock's own check keeps the virtual clock: `iat` is the service's
 * time of issue (the virtual clock's, as every time the mock answers), and the token stops
 * being a token once the virtual clock passes the midnight plus 5 minutes that follows it.
 */
import { hmacSha256, sameSecret, sha256Of, textFromBase64Url, textToBase64Url, toBase64Url } from '../text/digest.ts';

export interface SiteTokenClaims {
  kind: 'site';
  organization: string;
  spaces: string[];
  site: string;
  siteSpace: string;
  siteSection?: string;
  space: string;
  draft: false;
  visitorType: 'human' | 'agent';
  claims?: Record<string, unknown>;
  iat: number;
  exp: number;
}

const HEADER = textToBase64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
const DAY_S = 86_400;
const GRACE_S = 300;

function secretOf(seed: number): Uint8Array {
  return sha256Of(`gitbook-mock:site-api-token:${seed}`);
}

/** When a token issued at `iat` (seconds since 1970, the virtual clock) stops being valid, on the same clock. */
export function serviceExpiry(iat: number): number {
  return (Math.floor(iat / DAY_S) + 1) * DAY_S + GRACE_S;
}

/**
 * `iat`: the virtual clock's `now` in seconds; `exp`: the wall clock's `wallMs` in seconds plus
 * the lifetime the service gives a token issued at `now` (see the header).
 */
export function tokenTimes(now: string, wallMs: number): { iat: number; exp: number } {
  const iat = Math.floor(Date.parse(now) / 1000);
  return { iat, exp: Math.floor(wallMs / 1000) + (serviceExpiry(iat) - iat) };
}

export function signSiteToken(claims: SiteTokenClaims, seed: number): string {
  const signed = `${HEADER}.${textToBase64Url(JSON.stringify(claims))}`;
  return `${signed}.${toBase64Url(hmacSha256(secretOf(seed), signed))}`;
}

/**
 * The claims of a token this app signed and that has not expired at `now` (the virtual clock:
 * judged from its `iat`, not from the wall clock's `exp`); undefined otherwise.
 */
export function verifySiteToken(token: string, seed: number, now: string): SiteTokenClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return undefined;
  const expected = toBase64Url(hmacSha256(secretOf(seed), `${parts[0]}.${parts[1]}`));
  if (!sameSecret(parts[2], expected)) return undefined;
  try {
    const claims = JSON.parse(textFromBase64Url(parts[1])) as SiteTokenClaims;
    return claims.kind === 'site' && typeof claims.iat === 'number' && serviceExpiry(claims.iat) > Date.parse(now) / 1000 ? claims : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The payload of a visitor JWT (`visitor.jwtToken`, `visitorAuthToken`) if it is a well-formed
 * JWT that has not expired at `now`. The mock holds no site's visitor-auth signing key, so the
 * signature is not checked (docs/behaviour.md, URL lookups).
 */
export function visitorJwtClaims(token: string, now: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const claims = JSON.parse(textFromBase64Url(parts[1])) as unknown;
    if (!claims || typeof claims !== 'object' || Array.isArray(claims)) return undefined;
    const exp = (claims as { exp?: unknown }).exp;
    if (typeof exp === 'number' && exp <= Date.parse(now) / 1000) return undefined;
    return claims as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * Callers by a site API token have this id prefix, then the site's id, then, when the lookup
 * put claims into the token, `:` and those claims (JSON, base64url). The claims travel in the
 * id so that whatever is kept per caller (a space role: shared/access.ts) is kept per visitor.
 */
const SITE_CALLER = 'site-token:';

/**
 * A site token's visitor has the fields of a user: the registrar takes it as a `UserRecord`
 * (store/records.ts). Declared here, so that auth/ names nothing of the store.
 */
export interface SiteVisitor {
  id: string;
  displayName: string;
  email: string;
  token: string;
  createdAt: string;
}

/**
 * The caller a site API token stands for: no user of the organization, a visitor of the site
 * (a guest of its organization who reads the spaces of the site's site spaces: resources/shared/access.ts).
 */
export function siteTokenCaller(claims: SiteTokenClaims): SiteVisitor {
  const visitor = claims.claims ? `:${textToBase64Url(JSON.stringify(claims.claims))}` : '';
  return { id: `${SITE_CALLER}${claims.site}${visitor}`, displayName: 'Site visitor', email: '', token: '', createdAt: new Date(claims.iat * 1000).toISOString() };
}

/** The site whose token the caller holds, if it holds one. */
export function siteOfCaller(userId: string): string | undefined {
  return userId.startsWith(SITE_CALLER) ? userId.slice(SITE_CALLER.length).split(':')[0] : undefined;
}

/**
 * The visitor claims a site token's caller holds (none: `{}`); undefined when the caller holds
 * no site token (a member, a guest, an installation: they see every section and site space).
 */
export function claimsOfCaller(userId: string): Record<string, unknown> | undefined {
  if (!userId.startsWith(SITE_CALLER)) return undefined;
  const encoded = userId.slice(SITE_CALLER.length).split(':')[1];
  return encoded ? (JSON.parse(textFromBase64Url(encoded)) as Record<string, unknown>) : {};
}
