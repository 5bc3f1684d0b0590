/** Copies a space's content into a new revision for a duplicate: fresh page and file ids. */
import type { HandlerContext } from '../../http/operation.ts';
import type { PageRecord } from '../../store/records.ts';

type Ctx = HandlerContext<unknown, unknown, unknown>;

function copyPages(ctx: Ctx, pages: readonly PageRecord[]): PageRecord[] {
  return pages.map((p) => ({ ...p, id: ctx.rt.ids.next('page'), createdAt: ctx.now, updatedAt: ctx.now, pages: copyPages(ctx, p.pages) }));
}

/** Inserts a revision of space `spaceId` holding a copy of revision `sourceId`; returns its id. */
export function copyRevision(ctx: Ctx, sourceId: string, spaceId: string): string {
  const { revisions } = ctx.rt.db;
  const source = revisions.get(sourceId);
  const id = ctx.rt.ids.next('revision');
  revisions.insert({
    id,
    space: spaceId,
    parents: [],
    type: 'edits',
    pages: copyPages(ctx, source?.pages ?? []),
    files: (source?.files ?? []).map((f) => ({ ...f, id: ctx.rt.ids.next('file') })),
    reusableContents: (source?.reusableContents ?? []).map((r) => ({ ...r, id: ctx.rt.ids.next('reusableContent') })),
    variables: { ...(source?.variables ?? {}) },
    createdAt: ctx.now,
  });
  return id;
}
