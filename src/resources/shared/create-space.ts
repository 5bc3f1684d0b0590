/**
 * Creating a space: the one place that inserts a space record together with its first
 * revision, either empty or a copy of another revision with fresh page, file and
 * reusable-content ids (a duplicate). Ids are drawn in a fixed order: the space, then
 * its revision, then the copied content. Also the blank space a site asks for.
 */
import type { HandlerContext } from '../../contract/operation.ts';
import { documentIdOf, withDocument } from '../../rules/page-document.ts';
import type { OrganizationRecord, PageRecord, SpaceRecord } from '../../store/records.ts';

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

/** A new, empty, private space in `org` (what `spaces: "new"` and `spaceId: null` ask for). */
export function createBlankSpace(ctx: HandlerContext, org: OrganizationRecord, title: string): SpaceRecord {
  return createSpace(ctx, {
    organization: org.id,
    title: title.slice(0, 50),
    emoji: '1f4d8',
    visibility: 'private',
    editMode: 'live',
    defaultLevel: 'inherit',
    position: ctx.db.spaces.countBy('organization', org.id),
  });
}

const COPY_SUFFIX = ' (copy)';
const TITLE_MAX = 50;

/** "X (copy)", shortening X so that the whole fits in 50 characters. */
export function copyTitle(title: string): string {
  return [...title].slice(0, TITLE_MAX - COPY_SUFFIX.length).join('').trimEnd() + COPY_SUFFIX;
}

/**
 * A copy of `space` made now, with its content as it stands, titled "... (copy)", in the same
 * collection, at `position`; its merge rules go with it where `mergeRules` says (a site
 * space's copy leaves them).
 */
export function copyOfSpace(ctx: HandlerContext, space: SpaceRecord, how: { position: number; mergeRules: boolean }): SpaceRecord {
  return createSpace(
    ctx,
    {
      organization: space.organization,
      title: copyTitle(space.title),
      emoji: space.emoji,
      visibility: space.visibility,
      editMode: space.editMode,
      defaultLevel: space.defaultLevel,
      ...(space.parent && { parent: space.parent }),
      position: how.position,
      ...(space.language && { language: space.language }),
      ...(space.icon && { icon: space.icon }),
      ...(how.mergeRules && space.mergeRules && { mergeRules: space.mergeRules }),
    },
    space.revision,
  );
}
