/**
 * How GitBook's integrations check that a request came from GitBook, re-typed for Node (the
 * check is not in @gitbook/runtime 0.23.3, which this repository installs):
 *
 * - `verifyIntegrationRequestSignature(request, environment)`: @gitbook/runtime 0.22
 *   (GitbookIO/integrations, packages/runtime/src/signature.ts, added in 75d605c6, removed in
 *   d7fa48f2): the hex HMAC-SHA-256 of the request's body text, keyed by
 *   `environment.signingSecrets.integration`, equals the `X-GitBook-Integration-Signature`
 *   header. The original compares with Cloudflare's `crypto.subtle.timingSafeEqual`, which
 *   Node lacks; here node:crypto's `timingSafeEqual` (false on a length difference).
 * - `verifyIntegrationSignature(payload, header, secret)`: the Webhook integration's check
 *   (integrations/webhook/tests/utils.ts): `X-GitBook-Signature: t=<ts>,v1=<hex>` where hex is
 *   the HMAC-SHA-256 of `${t}.${payload}`.
 */
import { timingSafeEqual } from 'node:crypto';

const enc = new TextEncoder();

async function hmacHex(secret: string, text: string): Promise<string> {
  const algorithm = { name: 'HMAC', hash: 'SHA-256' };
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), algorithm, false, ['sign', 'verify']);
  const signed = await crypto.subtle.sign(algorithm.name, key, enc.encode(text));
  return [...new Uint8Array(signed)].map((x) => x.toString(16).padStart(2, '0')).join('');
}

function same(a: string, b: string): boolean {
  const x = enc.encode(a);
  const y = enc.encode(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function verifyIntegrationRequestSignature(request: Request, environment: { signingSecrets: { integration: string } }): Promise<boolean> {
  const secret = environment.signingSecrets.integration;
  const gitbookSignature = request.headers.get('x-gitbook-integration-signature') ?? '';
  const payload = await request.clone().text();
  if (!gitbookSignature) return false;
  return same(await hmacHex(secret, payload), gitbookSignature);
}

export async function verifyIntegrationSignature(payload: string, signatureHeader: string, secret: string): Promise<boolean> {
  if (!signatureHeader) return false;
  let timestamp: string | undefined;
  let hash: string | undefined;
  for (const part of signatureHeader.split(',')) {
    if (part.startsWith('t=')) timestamp = part.substring(2);
    else if (part.startsWith('v1=')) hash = part.substring(3);
  }
  if (!timestamp || !hash) return false;
  return same(await hmacHex(secret, `${timestamp}.${payload}`), hash);
}
