/** The one-block SHA-256 of short ASCII texts gives the standard digest, and leaves other texts to the caller. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SHORT_TEXT, sha256Short } from '../../../src/text/sha256-short.ts';
import { sha256Of } from '../../../src/text/digest.ts';
import { deriveId } from '../../../src/ids.ts';

const standard = (text: string) => createHash('sha256').update(text).digest('hex');
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** A text of `length` printable ASCII characters, varied by `variant`. */
function text(length: number, variant: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String.fromCharCode(32 + ((i * 31 + variant * 17 + length * 7) % 95));
  return out;
}

describe('sha256Short', () => {
  it('gives the standard digest of every ASCII text it takes, of every length from 0 to 55', () => {
    for (let length = 0; length <= SHORT_TEXT; length++) {
      for (let variant = 0; variant < 40; variant++) {
        const t = text(length, variant);
        expect(hex(sha256Short(t)!), JSON.stringify(t)).toBe(standard(t));
      }
    }
    // The test vector of FIPS 180-4's examples.
    expect(hex(sha256Short('abc')!)).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex(sha256Short('\u0000\u007f')!)).toBe(standard('\u0000\u007f'));
  });

  it('writes into the array it is given, and each call replaces what the last one wrote', () => {
    const out = new Uint8Array(32);
    expect(sha256Short('first', out)).toBe(out);
    expect(hex(out)).toBe(standard('first'));
    sha256Short('second', out);
    expect(hex(out)).toBe(standard('second'));
  });

  it('takes no text longer than one block or with a character past ASCII', () => {
    expect(sha256Short('x'.repeat(SHORT_TEXT + 1))).toBeUndefined();
    expect(sha256Short('café')).toBeUndefined();
    expect(sha256Short('😀')).toBeUndefined();
  });
});

describe('sha256Of, through it or not', () => {
  it('is the standard digest of short, long and non-ASCII texts alike', () => {
    for (const t of ['', 'abc', text(55, 1), text(56, 1), text(200, 3), 'café', 'ids: 😀 and ü'.repeat(3)]) {
      expect(hex(sha256Of(t))).toBe(standard(t));
    }
  });

  it('leaves ids as they were: the digits are the digest of the text, read in order', () => {
    const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    const spelled = (t: string, n: number) => [...createHash('sha256').update(t).digest().subarray(0, n)].map((b) => ALPHABET[b % 62]).join('');
    for (const t of ['0:runtime:comment:1', '7:runtime:space:123456', text(55, 9)]) {
      expect(deriveId(t)).toBe(spelled(t, 20));
      expect(deriveId(t, 32)).toBe(spelled(t, 32));
    }
    // Two ids in a row: the second does not read what the first left behind.
    expect([deriveId('a'), deriveId('b')]).toEqual([spelled('a', 20), spelled('b', 20)]);
  });
});
