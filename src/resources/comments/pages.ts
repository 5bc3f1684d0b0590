/** Page lookups in a revision's page tree (for comment targets). */
import type { PageRecord } from '../../store/records.ts';

export interface FoundPage {
  page: PageRecord;
  /** Slugs from the root, joined by "/". */
  path: string;
}

export function findPage(pages: readonly PageRecord[], id: string, prefix = ''): FoundPage | undefined {
  for (const page of pages) {
    const path = prefix ? `${prefix}/${page.slug}` : page.slug;
    if (page.id === id) return { page, path };
    const inside = findPage(page.pages, id, path);
    if (inside) return inside;
  }
  return undefined;
}
