/**
 * A small, valid PDF 1.4 document written by hand: Helvetica text, one heading per page
 * of content followed by its text, wrapped and spread over as many sheets as needed.
 * Text is kept to printable ASCII so that byte offsets in the cross-reference table are
 * exact (accents are dropped, other characters become "?").
 */

export interface PdfLine {
  text: string;
  heading?: boolean;
}

const WIDTH = 612;
const HEIGHT = 792;
const MARGIN = 64;

function ascii(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?');
}

function escape(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out.length > 0 ? out : [''];
}

/** Lines laid out on sheets: each sheet is its content stream. */
function layout(lines: PdfLine[]): string[] {
  const sheets: string[] = [];
  let ops: string[] = [];
  let y = HEIGHT - MARGIN;
  const flush = () => {
    sheets.push(`BT\n${ops.join('\n')}\nET`);
    ops = [];
    y = HEIGHT - MARGIN;
  };
  for (const line of lines) {
    const size = line.heading ? 16 : 10;
    const leading = line.heading ? 26 : 14;
    for (const part of wrap(ascii(line.text), line.heading ? 60 : 95)) {
      if (y - leading < MARGIN) flush();
      y -= leading;
      ops.push(`/${line.heading ? 'F2' : 'F1'} ${size} Tf 1 0 0 1 ${MARGIN} ${y} Tm (${escape(part)}) Tj`);
    }
  }
  if (ops.length > 0 || sheets.length === 0) flush();
  return sheets;
}

export function renderPdf(title: string, lines: PdfLine[]): Uint8Array<ArrayBuffer> {
  const sheets = layout(lines);
  const objects: string[] = [];
  const pageIds = sheets.map((_, i) => 6 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${sheets.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title (${escape(ascii(title))}) /Producer (gitbook-mock) >>`;
  sheets.forEach((stream, i) => {
    objects[pageIds[i]] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${WIDTH} ${HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`;
    objects[pageIds[i] + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
