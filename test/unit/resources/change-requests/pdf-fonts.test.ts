/** The PDF font: DejaVu Sans unpacked from its WOFF file to TrueType (src/resources/change-requests/pdf-fonts.ts). */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { pdfFonts, sfntOfWoff } from '../../../../src/resources/change-requests/pdf-fonts.ts';

const woffFile = createRequire(import.meta.url).resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff');

describe('PDF fonts', () => {
  it('unpacks a WOFF font to the TrueType font it packs: same name, glyphs, shaping and outlines', () => {
    const woff = readFileSync(woffFile);
    const packed = fontkit.create(woff) as fontkit.Font;
    const sfnt = sfntOfWoff(woff);
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
    const unpacked = fontkit.create(sfnt) as fontkit.Font;
    expect(unpacked.type).toBe('TTF');
    expect([unpacked.postscriptName, unpacked.numGlyphs]).toEqual([packed.postscriptName, packed.numGlyphs]);
    const word = 'Größe Ωμέγα Привет';
    expect(unpacked.layout(word).glyphs.map((g) => g.id)).toEqual(packed.layout(word).glyphs.map((g) => g.id));
    expect(unpacked.getGlyph(unpacked.glyphForCodePoint(0xe9).id).path.toSVG()).toBe(packed.getGlyph(packed.glyphForCodePoint(0xe9).id).path.toSVG());
  });

  it('refuses a file that is not WOFF 1.0', () => {
    expect(() => sfntOfWoff(Buffer.from('wOF2 and more bytes than a header needs, really more than forty-four'))).toThrow('WOFF');
  });

  it('covers Latin with accents, Greek and Cyrillic in both weights, not CJK', async () => {
    const { regular, bold } = await pdfFonts();
    for (const font of [regular, bold]) {
      expect([...'éüßŁØÅçñ ΑΩαω АЯая'].every((c) => font.hasGlyphForCodePoint(c.codePointAt(0)!))).toBe(true);
      expect(font.hasGlyphForCodePoint('日'.codePointAt(0)!)).toBe(false);
    }
  });
});
