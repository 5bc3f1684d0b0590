/**
 * Reads a PDF as a viewer does (unpdf, a build of Mozilla's PDF.js): the text a reader can
 * search and copy, the outline (bookmarks) and the document title. Parsing fails on a
 * malformed file, so a read PDF is a valid one.
 */
import { extractText, getDocumentProxy, getMeta } from 'unpdf';

export interface ReadPdf {
  pages: number;
  /** All the text, whitespace runs (line breaks included) as one space. */
  text: string;
  /** The titles of the outline's top-level entries, in order. */
  outline: string[];
  title: string | undefined;
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(doc, { mergePages: true });
  const outline = ((await doc.getOutline()) ?? []).map((item) => item.title);
  const { info } = await getMeta(doc);
  return { pages: doc.numPages, text: text.replace(/\s+/g, ' '), outline, title: (info as { Title?: string }).Title };
}
