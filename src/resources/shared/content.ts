/**
 * Revision content, as the space and change-request reads share it: the place a read looks in
 * (a space's live content, one of its revisions, a change request's latest revision) and the
 * page or file a read names in it (404 otherwise); and the page an import makes.
 */
import { errors } from '../../contract/errors.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import { withDocument } from '../../rules/page-document.ts';
import type { PageRecord } from '../../store/records.ts';
import { slugify } from '../../text/slug.ts';
import { requireSpace } from './access.ts';
import type { ContentPlace } from './content-present.ts';
import { findPage, pageEntries, type PageEntry } from './page-tree.ts';
import { loadChangeRequest, revisionOf } from './revisions.ts';

type CrParams = { spaceId: string; changeRequestId: string };

/** Live content's path, or a revision's. */
export type ContentParams = { spaceId: string; revisionId?: string };

/** The space's primary content. */
export function liveContent(ctx: HandlerContext<ContentParams>): ContentPlace {
  const { space } = requireSpace(ctx, ctx.params.spaceId, 'view');
  return { space, revision: revisionOf(ctx, space.revision) };
}

/** A revision of the space (primary, former, or of one of its change requests); 404 otherwise. */
export function revisionContent(ctx: HandlerContext<ContentParams>): ContentPlace {
  const { space } = requireSpace(ctx, ctx.params.spaceId, 'view');
  const id = ctx.params.revisionId ?? '';
  const revision = ctx.db.revisions.get(id);
  if (!revision || revision.space !== space.id) throw errors.notFound('Revision', id);
  const changeRequest = revision.changeRequest ? ctx.db.changeRequests.get(revision.changeRequest) : undefined;
  return { space, revision, ...(changeRequest && { changeRequest }) };
}

/** The page at a path (slugs joined by "/", leading and trailing slashes ignored); 404 otherwise. */
export function pageAtPath(place: ContentPlace, rawPath: string): PageEntry {
  const path = rawPath.replace(/^\/+|\/+$/g, '');
  const entries = pageEntries(place.revision.pages);
  const entry = path === '' ? entries[0] : entries.find((e) => e.path === path);
  if (!entry) throw errors.notFound('Page', rawPath);
  return entry;
}

/** The change request's latest content, readable by anyone who may view the space. */
export function changeRequestContent(ctx: HandlerContext<CrParams>): ContentPlace {
  const { space, cr } = loadChangeRequest(ctx);
  return { space, changeRequest: cr, revision: revisionOf(ctx, cr.revision) };
}

export function requireFile(place: ContentPlace, fileId: string) {
  const file = place.revision.files.find((f) => f.id === fileId);
  if (!file) throw errors.notFound('File', fileId);
  return file;
}

export function requirePage(place: ContentPlace, pageId: string) {
  const entry = findPage(place.revision.pages, pageId);
  if (!entry) throw errors.notFound('Page', pageId);
  return entry;
}

/** The page an import makes: titled after the last segment of the URL (or its host). */
export function importedPage(url: URL, siblings: readonly PageRecord[], id: string, now: string): PageRecord {
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  let segment = last;
  try {
    segment = decodeURIComponent(last);
  } catch {
    // A malformed escape: keep the segment as written.
  }
  segment = segment.replace(/\.[a-z0-9]+$/i, '');
  const title = (segment.replace(/[-_]+/g, ' ').trim() || url.hostname).slice(0, 100);
  const taken = new Set(siblings.map((p) => p.slug));
  let slug = slugify(title);
  for (let n = 2; taken.has(slug); n++) slug = `${slugify(title)}-${n}`;
  const markdown = `# ${title}\n\nImported from [${url.hostname}](${url.href}).\n`;
  return withDocument({ id, title, slug, type: 'document' as const, markdown, createdAt: now, updatedAt: now, pages: [] });
}
