/**
 * A page's document: its body, kept on the page as its markdown, named by the page's
 * `documentId`. A page keeps the id it was written with until its text changes; every write
 * of a page's markdown (a scenario's, a change request's edit, an import, a copy) gives it
 * the id of its new text, so each id a page shows names one body of one page, and
 * getDocumentById finds it in the state.
 */
import { deriveId } from '../ids.ts';
import type { PageRecord } from '../store/records.ts';

/** The id of the document `markdown` is as the body of page `id`: a new one whenever the text changes. */
export function documentIdOf(page: Pick<PageRecord, 'id' | 'markdown'>): string {
  return deriveId(`document:${page.id}:${page.markdown}`);
}

/** The page with the id of its current text as its `documentId` (the same id when the text did not change). */
export function withDocument<T extends Pick<PageRecord, 'id' | 'markdown'>>(page: T): T & { documentId: string } {
  return { ...page, documentId: documentIdOf(page) };
}
