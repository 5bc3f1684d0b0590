/**
 * Three-way merge of revision content, at page granularity. `ours` (a change request's
 * content) was made from `base`; `theirs` (the primary content) moved on from `base` too.
 * The result is `theirs` with the edits of `ours` applied: pages whose own fields changed
 * take the change request's fields, pages it added are added under the same parent, pages
 * it removed are removed. Files, reusable contents and variables merge by id or name the
 * same way. Moves between parents are not merged (the primary's place wins).
 */
import type { PageRecord, RevisionRecord } from '../store/records.ts';

export type Content = Pick<RevisionRecord, 'pages' | 'files' | 'reusableContents' | 'variables'>;

const PAGE_FIELDS = ['title', 'slug', 'type', 'markdown', 'documentId', 'emoji', 'description', 'hidden', 'updatedAt', 'git', 'computed'] as const;

function samePage(a: PageRecord, b: PageRecord): boolean {
  return PAGE_FIELDS.every((f) => JSON.stringify(a[f]) === JSON.stringify(b[f]));
}

interface Placed {
  page: PageRecord;
  parent: string | null;
  index: number;
}

function index(pages: PageRecord[], parent: string | null = null, out = new Map<string, Placed>()): Map<string, Placed> {
  pages.forEach((page, i) => {
    out.set(page.id, { page, parent, index: i });
    index(page.pages, page.id, out);
  });
  return out;
}

function ownFields(page: PageRecord): Omit<PageRecord, 'pages'> {
  const { pages: _children, ...own } = page;
  return own;
}

export function mergePages(base: PageRecord[], ours: PageRecord[], theirs: PageRecord[]): PageRecord[] {
  const b = index(base);
  const o = index(ours);
  const removed = new Set([...b.keys()].filter((id) => !o.has(id)));
  const edited = new Map<string, PageRecord>();
  const added: Placed[] = [];
  for (const [id, placed] of o) {
    const before = b.get(id);
    if (!before) {
      if (placed.parent === null || b.has(placed.parent)) added.push(placed);
    } else if (!samePage(before.page, placed.page)) edited.set(id, placed.page);
  }
  const walk = (pages: PageRecord[], parent: string | null): PageRecord[] => {
    const kept = pages
      .filter((p) => !removed.has(p.id))
      .map((p) => {
        const mine = edited.get(p.id);
        return { ...p, ...(mine && ownFields(mine)), pages: walk(p.pages, p.id) };
      });
    for (const a of added.filter((x) => x.parent === parent)) {
      kept.splice(Math.min(a.index, kept.length), 0, a.page);
    }
    return kept;
  };
  const result = walk(theirs, null);
  // Added pages whose parent no longer exists in the primary content go at the root.
  const placed = index(result);
  for (const a of added) if (!placed.has(a.page.id)) result.push(a.page);
  return result;
}

function mergeById<T extends { id: string }>(base: T[], ours: T[], theirs: T[]): T[] {
  const b = new Map(base.map((x) => [x.id, x]));
  const o = new Map(ours.map((x) => [x.id, x]));
  const out = theirs
    .filter((x) => !(b.has(x.id) && !o.has(x.id)))
    .map((x) => {
      const mine = o.get(x.id);
      const before = b.get(x.id);
      return mine && before && JSON.stringify(mine) !== JSON.stringify(before) ? mine : x;
    });
  const present = new Set(out.map((x) => x.id));
  for (const x of ours) if (!b.has(x.id) && !present.has(x.id)) out.push(x);
  return out;
}

function mergeVariables(base: Record<string, string>, ours: Record<string, string>, theirs: Record<string, string>): Record<string, string> {
  const out = { ...theirs };
  for (const name of new Set([...Object.keys(base), ...Object.keys(ours)])) {
    if (base[name] === ours[name]) continue;
    if (ours[name] === undefined) delete out[name];
    else out[name] = ours[name];
  }
  return out;
}

export function mergeContent(base: Content, ours: Content, theirs: Content): Content {
  return {
    pages: mergePages(base.pages, ours.pages, theirs.pages),
    files: mergeById(base.files, ours.files, theirs.files),
    reusableContents: mergeById(base.reusableContents, ours.reusableContents, theirs.reusableContents),
    variables: mergeVariables(base.variables, ours.variables, theirs.variables),
  };
}
