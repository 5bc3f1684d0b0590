/**
 * Walking a revision's page tree: every page with its path (slugs joined by "/") and the
 * file it would be in a Git repository. The first page at the root is README.md; any other
 * page is `<path>.md`; `<path>/README.md` names a page too (Git Sync's layout for pages
 * with children), so that links written either way resolve. Shared by change requests,
 * space content and comments (their page targets).
 */
import { perRow } from '../../cache/caches.ts';
import type { FileRecord, PageRecord } from '../../store/records.ts';

export interface PageEntry {
  page: PageRecord;
  /** Slugs from the root, joined by "/". */
  path: string;
  /** The page's file in a Git layout, from the root of the content. */
  file: string;
  parent?: string;
}

function placeOf(prefix: string, index: number, slug: string): { path: string; file: string } {
  const path = prefix ? `${prefix}/${slug}` : slug;
  return { path, file: !prefix && index === 0 ? 'README.md' : `${path}.md` };
}

export function pageEntries(pages: readonly PageRecord[], prefix = '', parent?: string, out: PageEntry[] = []): PageEntry[] {
  pages.forEach((page, i) => {
    const { path, file } = placeOf(prefix, i, page.slug);
    out.push({ page, path, file, ...(parent && { parent }) });
    pageEntries(page.pages, path, page.id, out);
  });
  return out;
}

/**
 * Page trees never change in place (a new revision gets new arrays), so the entries of a
 * tree are worked out once and kept beside it for as long as it lives (cache/caches.ts).
 */
const entriesByTree = perRow((pages: readonly PageRecord[]) => new Map(pageEntries(pages).map((e) => [e.page.id, e])));

/** A page of the tree (a revision's `pages`) with its path, by id. */
export function findPage(pages: readonly PageRecord[], pageId: string): PageEntry | undefined {
  return entriesByTree(pages).get(pageId);
}

/** Where a file lives in a Git layout. */
export function fileAssetPath(file: FileRecord): string {
  return `.gitbook/assets/${file.name}`;
}

/** The pages of a tree with a page and its subtree replaced by `fn` (rows are immutable). */
export function mapPages(pages: readonly PageRecord[], fn: (page: PageRecord, path: string, file: string) => PageRecord, prefix = ''): PageRecord[] {
  return pages.map((page, i) => {
    const { path, file } = placeOf(prefix, i, page.slug);
    const mapped = fn(page, path, file);
    return { ...mapped, pages: mapPages(page.pages, fn, path) };
  });
}

/** The fields that open every page object (in page reads and in comment targets). */
export function presentPageHead(page: PageRecord) {
  return {
    id: page.id,
    title: page.title,
    ...(page.emoji && { emoji: page.emoji }),
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
  };
}
