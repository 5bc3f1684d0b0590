/** The mock's reading of LZ-string's URL-safe form against what the lz-string package packs. */
import { describe, expect, it } from 'vitest';
import { compressToEncodedURIComponent } from 'lz-string';
import { decompressFromEncodedURIComponent } from '../../../src/text/lz-string.ts';

/** Texts of every kind LZ-string codes differently: repeats, 8- and 16-bit characters, surrogate pairs, long enough to widen the codes. */
function texts(): string[] {
  const out = ['a', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'héllo wörld ✓ 日本語 😀', JSON.stringify({ componentId: 'page-status', props: { page: 'x' }, context: { type: 'document', theme: 'light' } })];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 300; i += 1) {
    let text = '';
    const length = Math.floor(next() * 400);
    for (let j = 0; j < length; j += 1) text += String.fromCharCode(next() < 0.8 ? 97 + Math.floor(next() * 6) : Math.floor(next() * 0xd7ff));
    out.push(text);
  }
  return out;
}

describe('decompressFromEncodedURIComponent', () => {
  it('gives back every text lz-string packed', () => {
    for (const text of texts()) expect(decompressFromEncodedURIComponent(compressToEncodedURIComponent(text))).toBe(text);
  });

  it('reads a space as the + a form decoder made of it', () => {
    const text = texts().find((t) => compressToEncodedURIComponent(t).includes('+'))!;
    expect(decompressFromEncodedURIComponent(compressToEncodedURIComponent(text).replace(/\+/g, ' '))).toBe(text);
  });

  it('is undefined for what lz-string did not pack: a character outside its alphabet, nothing, a cut stream', () => {
    expect(decompressFromEncodedURIComponent('{"a":1}')).toBeUndefined();
    expect(decompressFromEncodedURIComponent('')).toBeUndefined();
    expect(decompressFromEncodedURIComponent(compressToEncodedURIComponent('a longer text to cut short').slice(0, 4))).toBeUndefined();
  });
});
