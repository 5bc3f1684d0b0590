/**
 * Creating a space: the one place that inserts a space record together with its first
 * revision, either empty or a copy of another revision with fresh page, file and
 * reusable-content ids (a duplicate). Ids are drawn in a fixed order: the space, then
 * its revision, then the copied content.
 */
import type { HandlerContext } from '../../contract/operation.ts';
import { documentIdOf, withDocument } from '../../rules/page-document.ts';
import type { PageRecord, SpaceRecord } from '../../store/records.ts';

/** What the caller decides about a new space; id, revision and timestamps come from here. */
export type NewSpace = Omit<SpaceRecord, 'id' | 'revision' | 'createdAt' | 'updatedAt'>;

export function copyPages(ctx: HandlerContext, pages: readonly PageRecord[]): PageRecord[] {
  // A copy is a page of its own, with a document of its own.
  return pages.map((p) => withDocument({ ...p, id: ctx.ids.next('page'), createdAt: ctx.now, updatedAt: ctx.now, pages: copyPages(ctx, p.pages) }));
}

/** Inserts the first revision of space `spaceId`: a copy of revision `sourceId`, or empty. */
function insertFirstRevision(ctx: HandlerContext, spaceId: string, sourceId?: string): string {
  const { revisions } = ctx.db;
  const source = sourceId === undefined ? undefined : revisions.get(sourceId);
  const id = ctx.ids.next('revision');
  revisions.insert({
    id,
    space: spaceId,
    parents: [],
    type: 'edits',
    pages: copyPages(ctx, source?.pages ?? []),
    files: (source?.files ?? []).map((f) => ({ ...f, id: ctx.ids.next('file') })),
    reusableContents: (source?.reusableContents ?? []).map((r) => {
      const copy = { ...r, id: ctx.ids.next('reusableContent') };
      return { ...copy, document: documentIdOf(copy) };
    }),
    variables: { ...(source?.variables ?? {}) },
    createdAt: ctx.now,
  });
  return id;
}

/** Inserts a space made now and its first revision (a copy of revision `copyOf`, if given). */
export function createSpace(ctx: HandlerContext, fields: NewSpace, copyOf?: string): SpaceRecord {
  const id = ctx.ids.next('space');
  const revision = insertFirstRevision(ctx, id, copyOf);
  return ctx.db.spaces.insert({ id, ...fields, revision, createdAt: ctx.now, updatedAt: ctx.now });
}
