/**
 * LZ-string's URL-safe form, read back: how GitBook packs a ContentKit render request into the
 * `request` query parameter of `renderIntegrationUIWithGet`. The lz-string package (what GitBook's
 * own client packs with) reads it; this module only turns what the package answers for a text it
 * did not pack (null, an empty text or a throw) into undefined.
 */
import lzString from 'lz-string';

/** The text `input` packs, or undefined when it is no LZ-string. */
export function decompressFromEncodedURIComponent(input: string): string | undefined {
  // The package reads a space as the `+` a form decoder made of it, and answers null for nothing.
  try {
    const unpacked = lzString.decompressFromEncodedURIComponent(input);
    return typeof unpacked === 'string' && unpacked !== '' ? unpacked : undefined;
  } catch {
    return undefined;
  }
}
