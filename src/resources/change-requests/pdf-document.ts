/**
 * A PDF document written by pdfkit: US Letter sheets, a bold heading per page of content
 * followed by its text, wrapped and spread over as many sheets as needed, and an outline
 * (bookmarks) with one entry per heading. The text is set in DejaVu Sans (./pdf-fonts.ts),
 * of which only the glyphs used are embedded, so accented and non-Latin letters keep their
 * shape and are found by search and copy in a viewer.
 *
 * pdfkit and its font engine take ~0.3 s to import, so they are loaded on the first PDF, not
 * when the server starts.
 */
import type { Font } from 'fontkit';
import { pdfFonts } from './pdf-fonts.ts';
import { perProcess } from '../../cache/caches.ts';
import type { PdfLine } from '../shared/pdf-line.ts';

declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      /** pdfkit also takes a font fontkit has parsed (its PDFFontFactory checks for `layout`). */
      registerFont(name: string, src: Font): this;
    }
  }
}


const MARGIN = 64;

const pdfkit = perProcess(() => import('pdfkit'));

/** The document's bytes, once pdfkit has written them all. */
function bytesOf(doc: PDFKit.PDFDocument): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => {
      const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const chunk of chunks) {
        out.set(chunk, at);
        at += chunk.length;
      }
      resolve(out);
    });
  });
}

/** `createdAt` comes from the mock's clock, so the same state gives the same bytes. */
export async function renderPdf(title: string, lines: PdfLine[], createdAt: Date): Promise<Uint8Array<ArrayBuffer>> {
  const [{ default: PDFDocument }, fonts] = await Promise.all([pdfkit(), pdfFonts()]);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    pdfVersion: '1.4',
    displayTitle: true,
    info: { Title: title, Creator: 'gitbook-mock', Producer: 'PDFKit', CreationDate: createdAt },
  });
  const bytes = bytesOf(doc);
  doc.registerFont('regular', fonts.regular).registerFont('bold', fonts.bold);
  lines.forEach((line, i) => {
    if (line.heading) {
      if (i > 0) doc.moveDown(0.8);
      doc.outline.addItem(line.text);
      doc.font('bold').fontSize(16).text(line.text).moveDown(0.3);
    } else doc.font('regular').fontSize(10).text(line.text, { lineGap: 2 });
  });
  doc.end();
  return bytes;
}
