/**
 * SHA-256 of a short ASCII text (at most 55 characters: one 64-byte block once padded), in
 * plain JavaScript. Every id the mock makes at run time is the digest of such a text
 * (`deriveId`, ids.ts: `SEED:runtime:KIND:N`), and Node's one-shot `crypto.hash` (like
 * @noble/hashes, which stays the hash of everything else) pays for being general: a call into
 * OpenSSL, its algorithm looked up and a Buffer made for every digest. In the server, posting
 * a comment spent about 7 µs of its CPU in `crypto.hash` for its one new id (--cpu-prof of the
 * CLI under load, issue 25); this one block, compiled by V8 like the rest of the request
 * path, takes a fraction of that. Longer or non-ASCII texts are left to the caller
 * (`undefined`). The algorithm is FIPS 180-4's, and test/unit/text/sha256-short.test.ts
 * compares it with `node:crypto` on texts of every length it takes.
 */

/** The first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** The first 32 bits of the fractional parts of the square roots of the first 8 primes. */
const H = Int32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

/** The longest text that fits one block with its padding (a 0x80 byte and the 8-byte length). */
export const SHORT_TEXT = 55;

/** The message schedule, reused: the function is synchronous and never reentered. */
const w = new Int32Array(64);

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** Writes the 32-bit word big-endian at `at`. */
function put(out: Uint8Array, at: number, word: number): void {
  out[at] = word >>> 24;
  out[at + 1] = word >>> 16;
  out[at + 2] = word >>> 8;
  out[at + 3] = word;
}

/**
 * The 32-byte SHA-256 digest of `text`, or undefined when it is longer than 55 characters or
 * not ASCII; written into `out` when given (a caller that reads it at once need not allocate).
 */
export function sha256Short(text: string, out: Uint8Array = new Uint8Array(32)): Uint8Array | undefined {
  const length = text.length;
  if (length > SHORT_TEXT) return undefined;
  w.fill(0, 0, 16);
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return undefined;
    w[i >> 2] |= code << (24 - 8 * (i & 3));
  }
  w[length >> 2] |= 0x80 << (24 - 8 * (length & 3));
  w[15] = length * 8;
  for (let t = 16; t < 64; t++) {
    const a = w[t - 15];
    const b = w[t - 2];
    const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
    const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
    w[t] = (w[t - 16] + s0 + w[t - 7] + s1) | 0;
  }
  let a = H[0], b = H[1], c = H[2], d = H[3], e = H[4], f = H[5], g = H[6], h = H[7];
  for (let t = 0; t < 64; t++) {
    const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t]) | 0;
    const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  put(out, 0, a + H[0]);
  put(out, 4, b + H[1]);
  put(out, 8, c + H[2]);
  put(out, 12, d + H[3]);
  put(out, 16, e + H[4]);
  put(out, 20, f + H[5]);
  put(out, 24, g + H[6]);
  put(out, 28, h + H[7]);
  return out;
}
