/**
 * What one content changes against another, as GitBook's semantic changes: pages created,
 * edited (the fields that differ, before and after), moved to another parent, deleted; files
 * created, edited, deleted; variables edited. Pure: content in, a list out, in the order of
 * the new page tree (deleted pages and files last).
 */
import type { FileRecord, PageRecord } from '../store/records.ts';
import type { Content } from './content-merge.ts';

export interface ChangedPage {
  id: string;
  type: 'document';
  title: string;
  path: string;
}

type Attr<T> = { before?: T; after?: T };

export type SemanticChange =
  | { type: 'page_created' | 'page_deleted'; page: ChangedPage }
  | { type: 'page_edited'; page: ChangedPage; attributes: Record<string, Attr<unknown>> }
  | { type: 'page_moved'; page: ChangedPage; parent: { before?: ChangedPage; after?: ChangedPage } }
  | { type: 'file_created' | 'file_deleted'; file: FileRecord }
  | { type: 'file_edited'; file: FileRecord; attributes: Record<string, Attr<unknown>> }
  | { type: 'variables_edited'; variables: Record<string, Attr<string>> };

interface Placed {
  page: ChangedPage;
  record: PageRecord;
  parent?: string;
}

function flatten(pages: readonly PageRecord[], prefix = '', parent?: string, out = new Map<string, Placed>()): Map<string, Placed> {
  for (const page of pages) {
    const record = page;
    const path = prefix ? `${prefix}/${record.slug}` : record.slug;
    out.set(record.id, { page: { id: record.id, type: 'document', title: record.title, path }, record, ...(parent && { parent }) });
    flatten(record.pages, path, record.id, out);
  }
  return out;
}

/** The page fields a change reports, by their official attribute names (`document`: the document ids). */
const PAGE_ATTRIBUTES = { title: 'title', description: 'description', slug: 'slug', documentId: 'document', emoji: 'emoji' } as const;
const FILE_ATTRIBUTES = ['name', 'contentType', 'size'] as const;

function differing<T extends object>(before: T, after: T, fields: readonly [keyof T, string][]): Record<string, Attr<unknown>> {
  const out: Record<string, Attr<unknown>> = {};
  for (const [field, name] of fields) {
    if (before[field] === after[field]) continue;
    out[name] = { ...(before[field] !== undefined && { before: before[field] }), ...(after[field] !== undefined && { after: after[field] }) };
  }
  return out;
}

export function semanticChanges(base: Content, head: Content): SemanticChange[] {
  const out: SemanticChange[] = [];
  const b = flatten(base.pages);
  const h = flatten(head.pages);
  const pageFields = Object.entries(PAGE_ATTRIBUTES) as [keyof Placed['record'], string][];
  for (const [id, now] of h) {
    const was = b.get(id);
    if (!was) {
      out.push({ type: 'page_created', page: now.page });
      continue;
    }
    const attributes = differing(was.record, now.record, pageFields);
    if (Object.keys(attributes).length) out.push({ type: 'page_edited', page: now.page, attributes });
    if (was.parent !== now.parent) {
      const parentOf = (pages: Map<string, Placed>, pid?: string) => (pid ? pages.get(pid)?.page : undefined);
      const before = parentOf(b, was.parent);
      const after = parentOf(h, now.parent);
      out.push({ type: 'page_moved', page: now.page, parent: { ...(before && { before }), ...(after && { after }) } });
    }
  }
  for (const [id, was] of b) if (!h.has(id)) out.push({ type: 'page_deleted', page: was.page });
  const baseFiles = new Map(base.files.map((f) => [f.id, f]));
  const headIds = new Set(head.files.map((f) => f.id));
  for (const file of head.files) {
    const was = baseFiles.get(file.id);
    if (!was) out.push({ type: 'file_created', file });
    else {
      const attributes = differing(was, file, FILE_ATTRIBUTES.map((f) => [f, f]));
      if (Object.keys(attributes).length) out.push({ type: 'file_edited', file, attributes });
    }
  }
  for (const file of base.files) if (!headIds.has(file.id)) out.push({ type: 'file_deleted', file });
  const variables: Record<string, Attr<string>> = {};
  for (const name of new Set([...Object.keys(base.variables), ...Object.keys(head.variables)])) {
    const before = base.variables[name];
    const after = head.variables[name];
    if (before !== after) variables[name] = { ...(before !== undefined && { before }), ...(after !== undefined && { after }) };
  }
  if (Object.keys(variables).length) out.push({ type: 'variables_edited', variables });
  return out;
}
