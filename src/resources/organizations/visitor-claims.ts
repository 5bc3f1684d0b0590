/**
 * The JWT that POST /orgs/{organizationId}/ping returns, signed HS256 by `hono/jwt`. The
 * secret is derived from the app's seed, so it is the same for every request of one app
 * (and of apps started with the same seed). Signing is asynchronous (Web Crypto), so it
 * runs in the row's `after` step, once the handler's writes are committed.
 */
import { sha256Hex } from '../../text/digest.ts';
import { sign } from 'hono/jwt';

export function visitorClaimsSecret(seed: number): string {
  return sha256Hex(`gitbook-mock:visitor-claims:${seed}`);
}

export const VISITOR_CLAIMS_TTL_S = 3600;

export interface VisitorClaims {
  organization: string;
  user: string;
  now: string;
  secret: string;
}

export async function signVisitorClaims(claims: VisitorClaims): Promise<string> {
  const iat = Math.floor(Date.parse(claims.now) / 1000);
  const payload = { sub: claims.user, organization: claims.organization, iat, exp: iat + VISITOR_CLAIMS_TTL_S };
  return sign(payload, claims.secret, 'HS256');
}
