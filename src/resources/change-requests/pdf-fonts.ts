/**
 * The fonts of the PDFs: DejaVu Sans, regular and bold, from the npm package
 * `@fontsource/dejavu-sans`, whose files hold the whole font (Latin with its accents, Greek,
 * Cyrillic, Armenian, Georgian, Hebrew, Arabic; no CJK). pdfkit embeds only the glyphs a
 * document uses.
 *
 * Hand-written on purpose: `sfntOfWoff` unpacks the WOFF 1.0 files to TrueType once, because
 * fontkit (pdfkit's font engine) inflates a WOFF table again on every read of it. Measured on
 * this machine: one PDF of a heading and a 40-sentence paragraph took 4.1 s from the .woff
 * against 47 ms from the same font as TrueType. The .woff2 files break fontkit's subsetter (a RangeError on composite
 * glyphs such as accented letters), and the one npm package with the TrueType files,
 * `dejavu-fonts-ttf`, installs 12 MB against 2.4 MB for `@fontsource/dejavu-sans`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import type { Font } from 'fontkit';
import { perProcess } from '../../cache/caches.ts';

const WOFF_SIGNATURE = 0x774f4646; // "wOFF"
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_ENTRY = 16;

/** A WOFF 1.0 font as the TrueType (sfnt) font it packs. */
export function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('not a WOFF 1.0 font');
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = WOFF_HEADER + i * WOFF_ENTRY;
    const offset = woff.readUInt32BE(at + 4);
    const packed = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const data = woff.subarray(offset, offset + packed);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: packed < length ? inflateSync(data) : data };
  });
  const pad = (n: number) => (n + 3) & ~3;
  const size = tables.reduce((sum, t) => sum + pad(t.data.length), 12 + count * SFNT_ENTRY);
  const out = Buffer.alloc(size);
  const power = 2 ** Math.floor(Math.log2(count));
  out.writeUInt32BE(woff.readUInt32BE(4), 0); // the flavour: TrueType or CFF
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(power * SFNT_ENTRY, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE((count - power) * SFNT_ENTRY, 10);
  let offset = 12 + count * SFNT_ENTRY;
  tables.forEach((t, i) => {
    const at = 12 + i * SFNT_ENTRY;
    out.writeUInt32BE(t.tag, at);
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offset);
    offset += pad(t.data.length);
  });
  return out;
}

export interface PdfFonts {
  regular: Font;
  bold: Font;
}

/**
 * DejaVu Sans, parsed once per process and shared by every document (the files never change;
 * pdfkit takes a parsed font and subsets it per document). Parsing the font for each document
 * instead made one PDF of the starter scenario take ~110 ms.
 */
export const pdfFonts: () => Promise<PdfFonts> = perProcess(() =>
  import('fontkit').then((fontkit) => {
    const require = createRequire(import.meta.url);
    const load = (weight: number): Font => {
      const file = require.resolve(`@fontsource/dejavu-sans/files/dejavu-sans-latin-${weight}-normal.woff`);
      const font = fontkit.create(sfntOfWoff(readFileSync(file)));
      if (!('layout' in font)) throw new Error(`${file} is a font collection`);
      return font;
    };
    return { regular: load(400), bold: load(700) };
  }),
);
