/**
 * LZ-string's URL-safe form, read back (`decompressFromEncodedURIComponent` of the lz-string
 * package): how GitBook packs a ContentKit render request into the `request` query parameter of
 * `renderIntegrationUIWithGet`. Each character of the input carries 6 bits; the bits spell an
 * LZW stream whose codes 0 and 1 bring a new 8- or 16-bit character, 2 ends the text, and the
 * others name dictionary entries, the code width growing as the dictionary does.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
const VALUES = new Map([...ALPHABET].map((c, i) => [c, i]));

/** The text `input` packs, or undefined when it is no LZ-string (a character outside the alphabet, a code that names nothing, no end). */
export function decompressFromEncodedURIComponent(input: string): string | undefined {
  // A `+` that went through a form decoder comes back as a space.
  const text = input.replace(/ /g, '+');
  if (text === '') return undefined;
  const values: number[] = [];
  for (const c of text) {
    const value = VALUES.get(c);
    if (value === undefined) return undefined;
    values.push(value);
  }
  let index = 0;
  let position = 32;
  let current = values[0];
  index = 1;
  /** The next `count` bits, lowest first. */
  const read = (count: number): number | undefined => {
    let bits = 0;
    for (let power = 1, n = 0; n < count; n += 1, power *= 2) {
      if (current === undefined) return undefined;
      if (current & position) bits += power;
      position >>= 1;
      if (position === 0) {
        position = 32;
        current = values[index];
        index += 1;
      }
    }
    return bits;
  };
  const dictionary: string[] = ['', '', ''];
  let width = 3;
  let enlargeIn = 4;
  const first = read(2);
  if (first === 2) return '';
  if (first === undefined || first > 2) return undefined;
  const code = read(first === 0 ? 8 : 16);
  if (code === undefined) return undefined;
  let previous = String.fromCharCode(code);
  dictionary.push(previous);
  const out = [previous];
  for (;;) {
    let next = read(width);
    if (next === undefined) return undefined;
    if (next === 2) return out.join('');
    if (next < 2) {
      const char = read(next === 0 ? 8 : 16);
      if (char === undefined) return undefined;
      dictionary.push(String.fromCharCode(char));
      next = dictionary.length - 1;
      enlargeIn -= 1;
      if (enlargeIn === 0) {
        enlargeIn = 2 ** width;
        width += 1;
      }
    }
    let entry: string;
    if (next < dictionary.length && next > 2) entry = dictionary[next];
    else if (next === dictionary.length) entry = previous + previous.charAt(0);
    else return undefined;
    out.push(entry);
    dictionary.push(previous + entry.charAt(0));
    enlargeIn -= 1;
    previous = entry;
    if (enlargeIn === 0) {
      enlargeIn = 2 ** width;
      width += 1;
    }
  }
}
