/**
 * Hashes, signatures and encodings of the request path, the same in Node and in a browser
 * (`gitbook-mock/msw` runs the mock in the page, where `node:crypto` and `Buffer` do not exist).
 *
 * Handlers are synchronous (the registrar runs them in a store transaction), and Web Crypto's
 * digests are asynchronous, so the hashes come from @noble/hashes (audited, synchronous, pure
 * JavaScript). SHA-256 alone, the digest of every id the mock makes, is Node's own one-shot
 * `hash` where it runs on Node (found through `process.getBuiltinModule`, so this module
 * imports nothing of Node and stays the browser's too): 1.0 µs for a short text against
 * @noble/hashes' 2.4 µs and `createHash`'s 2.6 µs (300,000 ids, Node 20.20). The outputs are
 * the standard algorithms', the same from either. A short ASCII text (an id's: at most 55
 * characters) is hashed by sha256-short.ts instead, in plain JavaScript, faster than either
 * in the server. Base64 goes through hono's helpers (btoa/atob, present in both).
 */
import { sha1 } from '@noble/hashes/legacy.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { decodeBase64Url, encodeBase64Url } from 'hono/utils/encode';
import { sha256Short } from './sha256-short.ts';

const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { fatal: true });

/** Node's `crypto.hash` (Node 20.12 and later), or undefined in a browser or an older Node. */
type OneShotHash = (algorithm: 'sha256', text: string, encoding: 'buffer') => Uint8Array;
const nodeHash = (globalThis as { process?: { getBuiltinModule?: (id: string) => { hash?: OneShotHash } | undefined } }).process?.getBuiltinModule?.('node:crypto')?.hash;

/**
 * The SHA-256 digest of the UTF-8 text (32 bytes): a short ASCII text's in plain JavaScript
 * (sha256-short.ts says why), written into `out` when given (a caller that reads it at once need
 * not allocate; a longer text's digest is a new array all the same).
 */
export const sha256Of: (text: string, out?: Uint8Array) => Uint8Array = nodeHash
  ? (text, out) => sha256Short(text, out) ?? nodeHash('sha256', text, 'buffer')
  : (text, out) => sha256Short(text, out) ?? sha256(utf8.encode(text));

/** The SHA-256 digest of the UTF-8 text, as 64 hex digits. */
export function sha256Hex(text: string): string {
  return hex(sha256Of(text));
}

/** The SHA-1 digest of the UTF-8 text, as 40 hex digits (Git object ids). */
export function sha1Hex(text: string): string {
  return hex(sha1(utf8.encode(text)));
}

/** HMAC-SHA-256 of the UTF-8 text with `key`. */
export function hmacSha256(key: Uint8Array, text: string): Uint8Array {
  return hmac(sha256, key, utf8.encode(text));
}

/** `length` random bytes (Web Crypto's generator, global in Node 20 and in browsers). */
export function randomBytes(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

/** The two hex digits of each byte, as character codes: byte b's at 2b and 2b + 1. */
const HEX_CODES = Uint8Array.from({ length: 512 }, (_, i) => '0123456789abcdef'.charCodeAt(i & 1 ? (i >> 1) & 15 : i >> 5));

/** Most bytes spelled in one `String.fromCharCode` call (its arguments are on the stack). */
const SPELLED_AT_ONCE = 4096;

/**
 * The bytes in hex. Spelled from character codes in one piece, as ids are (ids.ts `spell`):
 * appending two digits at a time made a rope of 32 pieces for a digest, and a string for each byte.
 */
export function hex(bytes: Uint8Array): string {
  if (bytes.length > SPELLED_AT_ONCE) return hex(bytes.subarray(0, SPELLED_AT_ONCE)) + hex(bytes.subarray(SPELLED_AT_ONCE));
  const codes = new Array<number>(bytes.length * 2);
  for (let i = 0; i < bytes.length; i++) {
    codes[2 * i] = HEX_CODES[2 * bytes[i]];
    codes[2 * i + 1] = HEX_CODES[2 * bytes[i] + 1];
  }
  return String.fromCharCode(...codes);
}

/** Where a digest read at once is written (`sha256Uuid`). */
const scratch = new Uint8Array(32);

/**
 * The first 16 bytes of the text's SHA-256 digest as a UUID's text (8-4-4-4-12 hex digits):
 * `hex(sha256Of(text))` cut in those groups, spelled in one piece.
 */
export function sha256Uuid(text: string): string {
  const digest = sha256Of(text, scratch);
  // Its 36 codes in an array of that length (pushed one by one, the array grew three times).
  const codes = new Array<number>(36);
  let at = 0;
  for (let i = 0; i < 16; i++) {
    // A dash before bytes 4, 6, 8 and 10: groups of 4, 2, 2, 2 and 6 bytes.
    if (i >= 4 && i <= 10 && i % 2 === 0) codes[at++] = 45;
    codes[at++] = HEX_CODES[2 * digest[i]];
    codes[at++] = HEX_CODES[2 * digest[i] + 1];
  }
  return String.fromCharCode(...codes);
}

/** Base64url without padding, as Node's `toString('base64url')` writes it. */
export function toBase64Url(bytes: Uint8Array): string {
  // hono's helper takes a whole buffer: a view of part of one is copied out first.
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  return encodeBase64Url(whole.buffer).replace(/=+$/, '');
}

/** The UTF-8 text as base64url without padding. */
export function textToBase64Url(text: string): string {
  return toBase64Url(utf8.encode(text));
}

/** Base64url (padded or not) back to UTF-8 text; throws on what is not base64url of UTF-8. */
export function textFromBase64Url(encoded: string): string {
  return utf8Decoder.decode(decodeBase64Url(encoded));
}

/** How many bytes the text takes in UTF-8. */
export function utf8Length(text: string): number {
  // Each UTF-16 unit is at most 3 bytes: short texts need no count.
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Whether two texts are equal, in a time that depends on their length only (secrets: the
 * admin token, URL signatures). Written here as node:crypto's timingSafeEqual is not in
 * browsers and hono's `timingSafeEqual` is asynchronous (it hashes both through Web Crypto).
 */
export function sameSecret(given: string, expected: string): boolean {
  const a = utf8.encode(given);
  const b = utf8.encode(expected);
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}
