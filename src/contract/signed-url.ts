/**
 * Signed URLs for files this server hands out (the change-request PDF): an HMAC-SHA256 of the
 * path and its parameters, `expires` included, in `signature`. A changed parameter (a moved
 * `expires`, another page) or a missing signature no longer matches.
 *
 * The key is random per process and never changes: it is a secret, not state (like the compiled
 * schemas), so sessions share it; a URL of one session still names rows only that session holds.
 * URLs of an earlier process (a restart from `--data`) are refused; they are made to be short-lived.
 */
import { hmacSha256, randomBytes, sameSecret, toBase64Url } from '../text/digest.ts';
import { ApiError } from './errors.ts';

/** Made on the first signature, not at start (Web Crypto loads with the first random bytes). */
let key: Uint8Array | undefined;
export const SIGNATURE_PARAM = 'signature';

/** The text signed: the path, then each parameter but the signature, sorted (order is not meaning). */
function signedText(url: URL): string {
  const params = [...url.searchParams]
    .filter(([name]) => name !== SIGNATURE_PARAM)
    .map(([name, value]) => [encodeURIComponent(name), encodeURIComponent(value)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1));
  return `${url.pathname}\n${params.map(([name, value]) => `${name}=${value}`).join('&')}`;
}

function signatureOf(url: URL): string {
  return toBase64Url(hmacSha256((key ??= randomBytes(32)), signedText(url)));
}

/** Adds the signature to `url` (its other parameters set first). */
export function sign(url: URL): URL {
  url.searchParams.delete(SIGNATURE_PARAM);
  url.searchParams.set(SIGNATURE_PARAM, signatureOf(url));
  return url;
}

/** Whether `url` carries the signature this server made for it. */
export function hasValidSignature(url: URL): boolean {
  return sameSecret(url.searchParams.get(SIGNATURE_PARAM) ?? '', signatureOf(url));
}

/** What a row whose access is `signed URL` answers a URL without its signature (the pipeline checks it before the row runs). */
export function unsignedUrl(): ApiError {
  return new ApiError(403, 'This PDF URL is not signed by this server (a parameter was changed); ask for a new one');
}
