/** Change-request content: the latest revision, its pages and files, and importing into it. */
import { errors } from '../../contract/errors.ts';
import { op, type HandlerContext, type Operation } from '../../contract/operation.ts';
import { arrayView, paginate } from '../../contract/paginate.ts';
import { editContent } from '../../rules/change-request.ts';
import { withDocument } from '../../rules/page-document.ts';
import { slugify } from '../../text/slug.ts';
import type { PageRecord } from '../../store/records.ts';
import { requireEditable } from '../shared/access.ts';
import { findPage } from '../shared/page-tree.ts';
import { presentFile, presentPage, presentPages, presentRevision, type ContentPlace } from './content-present.ts';
import { contentOf, createRevision, loadChangeRequest, revisionOf, withContributor } from './context.ts';
import { decided } from '../shared/decided.ts';

type CrParams = { spaceId: string; changeRequestId: string };
export const K = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content';

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

export const contentOperations: Operation[] = [
  op({
    operationId: 'getRevisionOfChangeRequestById',
    method: 'GET',
    path: K,
    status: 200,
    query: 'content/content-query',
    response: 'content/revision',
    official: true,
    handle: (ctx) => presentRevision(ctx, changeRequestContent(ctx), ctx.query),
  }),
  op({
    operationId: 'importContentInChangeRequest',
    official: false,
    method: 'POST',
    path: `${K}/import`,
    status: 201,
    body: 'content/import-body',
    response: 'content/import-result',
    handle: (ctx) => {
      const { space, cr } = loadChangeRequest(ctx, 'edit', 'import content into change requests in this space');
      requireEditable(space);
      decided(editContent(cr, cr.revision, ctx.now));
      const current = revisionOf(ctx, cr.revision);
      const page = importedPage(new URL(ctx.body.url), current.pages, ctx.ids.next('page'), ctx.now);
      const revision = createRevision(ctx, space, {
        ...contentOf(current),
        pages: [...current.pages, page],
        parents: [current.id],
        type: 'edits',
        changeRequest: cr.id,
      });
      ctx.db.changeRequests.update(cr.id, { ...decided(editContent(cr, revision.id, ctx.now)).patch, ...withContributor(cr, ctx.user.id) });
      return { revision: revision.id, importedResources: 1, totalResources: 1 };
    },
  }),
  op({
    operationId: 'listPagesInChangeRequest',
    method: 'GET',
    path: `${K}/pages`,
    status: 200,
    query: 'content/content-query',
    response: 'content/pages-result',
    official: true,
    handle: (ctx) => ({ pages: presentPages(changeRequestContent(ctx), ctx.query) }),
  }),
  op({
    operationId: 'listFilesInChangeRequestById',
    method: 'GET',
    path: `${K}/files`,
    status: 200,
    query: 'content/file-list-query',
    response: 'content/file-list',
    official: true,
    handle: (ctx) => {
      const place = changeRequestContent(ctx);
      return paginate(arrayView(place.revision.files), ctx.query, (f) => presentFile(ctx, place.space, f, ctx.query));
    },
  }),
  op({
    operationId: 'getFileInChangeRequestById',
    method: 'GET',
    path: `${K}/files/{fileId}`,
    status: 200,
    query: 'content/content-query',
    response: 'content/file',
    official: true,
    handle: (ctx) => {
      const place = changeRequestContent(ctx);
      return presentFile(ctx, place.space, requireFile(place, ctx.params.fileId), ctx.query);
    },
  }),
  op({
    operationId: 'getPageInChangeRequestById',
    method: 'GET',
    path: `${K}/page/{pageId}`,
    status: 200,
    query: 'content/page-query',
    response: 'content/page',
    official: true,
    handle: (ctx) => {
      const place = changeRequestContent(ctx);
      return presentPage(place, requirePage(place, ctx.params.pageId), ctx.query);
    },
  }),
];
