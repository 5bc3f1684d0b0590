/**
 * The JWT that POST /orgs/{organizationId}/ping returns: header.payload.signature in
 * base64url, signed with HS256. The secret is derived from the app's seed, so it is the
 * same for every request of one app (and of apps started with the same seed).
 */
import { createHash, createHmac } from 'node:crypto';
import type { Runtime } from '../../runtime.ts';

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function visitorClaimsSecret(rt: Runtime): string {
  return createHash('sha256').update(`gitbook-mock:visitor-claims:${rt.options.seed ?? 0}`).digest('hex');
}

export const VISITOR_CLAIMS_TTL_S = 3600;

export function signVisitorClaims(rt: Runtime, claims: { organization: string; user: string; now: string }): string {
  const iat = Math.floor(Date.parse(claims.now) / 1000);
  const header = base64url({ alg: 'HS256', typ: 'JWT' });
  const payload = base64url({ sub: claims.user, organization: claims.organization, iat, exp: iat + VISITOR_CLAIMS_TTL_S });
  const signature = createHmac('sha256', visitorClaimsSecret(rt)).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}
