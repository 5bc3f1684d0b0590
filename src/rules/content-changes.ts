/**
 * The official `changes` of a change request's content (updateChangeRequestContent), applied
 * in order to a revision's page tree and files: `insert_page`, `update_page` (text, metadata,
 * a move with `into`/`at`), `delete_page` (with its subpages), `revert_page` (to the base
 * revision or a given one) and `insert_files`. Pure: ids, the time, the text of a JSON
 * document and the base pages come in as arguments. One change refused refuses the batch.
 */
import type { FileRecord, PageRecord } from '../store/records.ts';
import { slugify } from '../text/slug.ts';
import { refuse, type Decision } from './decision.ts';
import { withDocument } from './page-document.ts';

type Json = Record<string, unknown>;

export interface ChangeInput {
  /** A new id of the kind asked for. */
  nextId(kind: 'page' | 'file'): string;
  now: string;
  /** The markdown of an official Document (`{ markdown }`, `{ document }` or `{}`). */
  markdownOf(document: Json): string;
  /** The pages of the revision `id` names (undefined: the base), or undefined when it is not a revision of the space. */
  pagesAt(id: string | undefined): readonly PageRecord[] | undefined;
}

export type Outcome = { object: 'created_page'; page: string; ref?: string } | { object: 'updated_page'; page: string } | { object: 'deleted_page'; page: string };

export interface Applied {
  pages: PageRecord[];
  files: FileRecord[];
  outcomes: Outcome[];
  inserted: FileRecord[];
}

/** Where a page sits: its parent's id (undefined at the root) and its index among its siblings. */
function locate(pages: readonly PageRecord[], id: string, parent?: string): { parent?: string; index: number; page: PageRecord } | undefined {
  for (let i = 0; i < pages.length; i++) {
    if (pages[i].id === id) return { parent, index: i, page: pages[i] };
    const found = locate(pages[i].pages, id, pages[i].id);
    if (found) return found;
  }
  return undefined;
}

/** The tree with the children of `parent` (the root when undefined) replaced by `fn` of them. */
function withChildren(pages: readonly PageRecord[], parent: string | undefined, fn: (children: PageRecord[]) => PageRecord[]): PageRecord[] {
  if (parent === undefined) return fn([...pages]);
  return pages.map((p) => (p.id === parent ? { ...p, pages: fn([...p.pages]) } : { ...p, pages: withChildren(p.pages, parent, fn) }));
}

function without(pages: readonly PageRecord[], id: string): PageRecord[] {
  return pages.filter((p) => p.id !== id).map((p) => ({ ...p, pages: without(p.pages, id) }));
}

function replace(pages: readonly PageRecord[], page: PageRecord): PageRecord[] {
  return pages.map((p) => (p.id === page.id ? page : { ...p, pages: replace(p.pages, page) }));
}

function contains(page: PageRecord, id: string): boolean {
  return page.id === id || page.pages.some((p) => contains(p, id));
}

const childrenOf = (pages: readonly PageRecord[], parent: string | undefined) => (parent === undefined ? pages : (locate(pages, parent)?.page.pages ?? []));

/** A slug free among the siblings: the given one (taken: refused), or one made from the title. */
function freeSlug(siblings: readonly PageRecord[], title: string, given: string | undefined, self: string | undefined, field: string): Decision<{ slug: string }> {
  const taken = new Set(siblings.filter((p) => p.id !== self).map((p) => p.slug));
  if (given !== undefined) return taken.has(given) ? refuse(400, `the slug "${given}" is taken by a sibling page`, field) : { ok: true, slug: given };
  const base = slugify(title) || 'page';
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return { ok: true, slug };
}

/** The markdown's leading heading, and the markdown with a heading of `title` (pages keep their title as their first line). */
const leadingTitle = (markdown: string) => /^#\s+(.+?)\s*#*\s*$/m.exec(markdown.trimStart().split('\n')[0] ?? '')?.[1];
function titled(markdown: string, title: string): string {
  const body = markdown.trimStart();
  if (leadingTitle(body) !== undefined) return body.replace(/^#\s+.*$/m, `# ${title}`);
  return body ? `# ${title}\n\n${body}` : `# ${title}\n`;
}

/** The metadata fields of the official RevisionPageUpdate the page keeps. */
function metadata(page: PageRecord, change: Json): PageRecord {
  const next = { ...page };
  if (typeof change.emoji === 'string') {
    if (change.emoji) next.emoji = change.emoji;
    else delete next.emoji;
  }
  if (typeof change.description === 'string') next.description = change.description;
  if (typeof change.hidden === 'boolean') next.hidden = change.hidden;
  return next;
}

const FILE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml', webp: 'image/webp', pdf: 'application/pdf', txt: 'text/plain', json: 'application/json', md: 'text/markdown' };

export function applyContentChanges(base: { pages: readonly PageRecord[]; files: readonly FileRecord[] }, changes: readonly object[], input: ChangeInput): Decision<{ applied: Applied }> {
  let pages = [...base.pages];
  const files = [...base.files];
  const outcomes: Outcome[] = [];
  const inserted: FileRecord[] = [];
  const note = (outcome: Outcome) => {
    const at = outcomes.findIndex((o) => o.page === outcome.page);
    if (at < 0) outcomes.push(outcome);
    else if (outcome.object === 'deleted_page') outcomes[at] = outcome;
  };
  for (const [i, item] of changes.entries()) {
    const change = item as Json;
    const field = `body.changes[${i}]`;
    const op = change.operation;
    if (op === 'insert_page' || op === 'update_page') {
      const into = change.into === null ? undefined : (change.into as string | undefined);
      if (into !== undefined && !locate(pages, into)) return refuse(404, `no page "${into}" to put a page into`, `${field}.into`);
      const markdown = change.document === undefined ? undefined : input.markdownOf(change.document as Json);
      if (op === 'insert_page') {
        const title = (markdown && leadingTitle(markdown)) || (change.title as string | undefined) || 'Untitled';
        const siblings = childrenOf(pages, into);
        const slug = freeSlug(siblings, title, change.slug as string | undefined, undefined, `${field}.slug`);
        if (!slug.ok) return slug;
        const page = metadata(withDocument({ id: input.nextId('page'), title, slug: slug.slug, type: 'document' as const, markdown: titled(markdown ?? '', title), createdAt: input.now, updatedAt: input.now, pages: [] }), change);
        const at = typeof change.at === 'number' ? change.at : siblings.length;
        pages = withChildren(pages, into, (children) => [...children.slice(0, at), page, ...children.slice(at)]);
        note({ object: 'created_page', page: page.id, ...(typeof change.ref === 'string' && { ref: change.ref }) });
        continue;
      }
      const id = change.page as string;
      const found = locate(pages, id);
      if (!found) return refuse(404, `no page "${id}" in the change request`, `${field}.page`);
      if (into !== undefined && contains(found.page, into)) return refuse(400, 'a page cannot move into itself or one of its subpages', `${field}.into`);
      const title = (markdown && leadingTitle(markdown)) || (change.title as string | undefined) || found.page.title;
      const moves = 'into' in change || typeof change.at === 'number';
      const parent = 'into' in change ? into : found.parent;
      const siblings = childrenOf(pages, parent);
      const slug = change.slug !== undefined || title !== found.page.title || parent !== found.parent
        ? freeSlug(siblings, title, change.slug as string | undefined, id, `${field}.slug`)
        : ({ ok: true, slug: found.page.slug } as const);
      if (!slug.ok) return slug;
      const page = metadata(withDocument({ ...found.page, title, slug: slug.slug, markdown: titled(markdown ?? found.page.markdown, title), updatedAt: input.now }), change);
      if (moves) {
        pages = without(pages, id);
        const rest = childrenOf(pages, parent);
        const at = typeof change.at === 'number' ? change.at : parent === found.parent ? found.index : rest.length;
        pages = withChildren(pages, parent, (children) => [...children.slice(0, at), page, ...children.slice(at)]);
      } else pages = replace(pages, page);
      note({ object: 'updated_page', page: id });
    } else if (op === 'delete_page') {
      const id = change.page as string;
      if (!locate(pages, id)) return refuse(404, `no page "${id}" in the change request`, `${field}.page`);
      pages = without(pages, id);
      note({ object: 'deleted_page', page: id });
    } else if (op === 'revert_page') {
      const id = change.page as string;
      const then = input.pagesAt(change.revision as string | undefined);
      if (!then) return refuse(404, `no revision "${String(change.revision)}" in the space`, `${field}.revision`);
      const before = locate(then, id);
      const now = locate(pages, id);
      if (!before && !now) return refuse(404, `no page "${id}" in the change request or the revision`, `${field}.page`);
      if (!before) {
        pages = without(pages, id);
        note({ object: 'deleted_page', page: id });
      } else if (now) {
        // The page's own fields as they were; its subpages stay as the change request has them.
        pages = replace(pages, { ...before.page, pages: now.page.pages });
        note({ object: 'updated_page', page: id });
      } else {
        const parent = before.parent !== undefined && locate(pages, before.parent) ? before.parent : undefined;
        pages = withChildren(pages, parent, (children) => [...children.slice(0, before.index), before.page, ...children.slice(before.index)]);
        note({ object: 'created_page', page: id });
      }
    } else if (op === 'insert_files') {
      for (const file of (change.files as Json[] | undefined) ?? []) {
        const name = String(file.name);
        const type = (file.contentType as string | undefined) ?? FILE_TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
        const size = typeof file.base64 === 'string' ? Math.floor((file.base64.replace(/=+$/, '').length * 3) / 4) : 0;
        const record: FileRecord = { id: input.nextId('file'), name, contentType: type, size };
        files.push(record);
        inserted.push(record);
      }
    }
  }
  return { ok: true, applied: { pages, files, outcomes, inserted } };
}
