/**
 * The change-request PDF: the operation answers a URL on this server, and the file route
 * renders the change request's revision (as it was when the URL was made) as a PDF. With
 * `page`, the PDF holds that page and its subpages; with `only` too, that page alone. A space's
 * PDF (getSpacePDF) is made the same way from the space's live content.
 */
import { ApiError, errors } from '../../contract/errors.ts';
import { sign } from '../../contract/signed-url.ts';
import { rawReply, type HandlerContext, type Operation } from '../../contract/operation.ts';
import { requireSpace } from '../shared/access.ts';
import type { RevisionRecord } from '../../store/records.ts';
import { pageEntries, type PageEntry } from '../shared/page-tree.ts';
import { loadChangeRequest } from '../shared/revisions.ts';
import { evaluate, plainText } from '../shared/markdown.ts';
import { firstValue, type FileRow, type PdfPlatform } from '../shared/file-rows.ts';
import type { PdfLine } from '../shared/pdf-line.ts';
import { officialOp } from '../engine/operations.ts';

const URL_LIFETIME_MS = 60 * 60 * 1000;

/** The pages a PDF holds: all, a page and its subtree, or one page. */
export function pdfPages(revision: RevisionRecord, pageId?: string, only?: boolean): PageEntry[] {
  const entries = pageEntries(revision.pages);
  if (!pageId) return entries;
  const root = entries.find((e) => e.page.id === pageId);
  if (!root) return [];
  if (only) return [root];
  return entries.filter((e) => e.page.id === pageId || e.path.startsWith(`${root.path}/`));
}

function pdfLines(pages: PageEntry[], variables: Record<string, string>): PdfLine[] {
  return pages.flatMap((e) => {
    const body = evaluate(e.page.markdown, variables)
      .split('\n')
      .filter((line, i) => !(i === 0 && /^#\s/.test(line)))
      .map((line) => plainText(line.replace(/^#+\s*/, '')))
      .filter(Boolean);
    return [{ text: e.page.title, heading: true }, ...body.map((text) => ({ text }))];
  });
}

/** The signed URL of a PDF of `revision` at `path` (with the page asked for), good for an hour of the clock. */
function pdfUrl(ctx: HandlerContext, path: string, revision: RevisionRecord, query: { only?: boolean; page?: string }): { url: string } {
  const { only, page } = query;
  if (only && !page) throw errors.invalid('query', 'page is required when only is true');
  if (page && pdfPages(revision, page).length === 0) throw errors.notFound('Page', page);
  const url = new URL(`${ctx.origin}${path}`);
  if (page) url.searchParams.set('page', page);
  if (only) url.searchParams.set('only', 'true');
  url.searchParams.set('expires', new Date(Date.parse(ctx.now) + URL_LIFETIME_MS).toISOString());
  return { url: sign(url).toString() };
}

export const pdfOperations: Operation[] = [
  officialOp('getChangeRequestPDF', {
    query: 'change-requests/pdf-query',
    response: 'change-requests/pdf-result',
    handle: (ctx) => {
      const { space, cr } = loadChangeRequest(ctx);
      const revision = ctx.db.revisions.existing(cr.revision);
      return pdfUrl(ctx, `/__files/pdf/${space.id}/${cr.id}/${revision.id}.pdf`, revision, ctx.query);
    },
  }),
  officialOp('getSpacePDF', {
    // The space's live content as it is when the URL is made.
    query: 'change-requests/pdf-query',
    response: 'change-requests/pdf-result',
    handle: (ctx) => {
      const { space } = requireSpace(ctx, ctx.params.spaceId, 'view');
      const revision = ctx.db.revisions.existing(space.revision);
      return pdfUrl(ctx, `/__files/space-pdf/${space.id}/${revision.id}.pdf`, revision, ctx.query);
    },
  }),
];

/**
 * The platform's PDF writer (pdfkit in Node). The browser build has none: pdfkit and its fonts
 * need Node and would weigh more than the rest of the mock, so its PDF files answer 501.
 */
export function pdfWriter(platform: PdfPlatform): NonNullable<PdfPlatform['renderPdf']> {
  const render = platform.renderPdf;
  if (!render) throw new ApiError(501, 'PDF files are rendered by the Node server only, not by the mock in a browser page (gitbook-mock/msw)');
  return render.bind(platform);
}

/** GET /__files/pdf/{spaceId}/{changeRequestId}/{revisionId}.pdf: the document itself. */
export const PDF_ROW: FileRow = {
  operationId: 'fileChangeRequestPdf', method: 'GET', path: '/__files/pdf/{spaceId}/{changeRequestId}/{file}', status: 200, access: 'signed URL',
  summary: 'A change request as PDF, at the signed URL the PDF operation gives', responseType: 'application/pdf',
  // The signature was checked by the pipeline before this runs: the row's access is `signed URL`.
  handle: async ({ params, query, path, session: rt }) => {
    const { spaceId, changeRequestId, file } = params;
    const revision = rt.db.revisions.get(file.replace(/\.pdf$/, ''));
    const cr = rt.db.changeRequests.get(changeRequestId);
    if (!revision || !cr || cr.space !== spaceId || revision.changeRequest !== cr.id) throw errors.notFound('PDF', path);
    const expires = Date.parse(firstValue(query.expires) ?? '');
    if (!(rt.clock.nowMs() <= expires)) throw errors.gone('This PDF URL has expired; ask for a new one');
    const page = firstValue(query.page);
    const pages = pdfPages(revision, page, firstValue(query.only) === 'true');
    if (pages.length === 0) throw errors.notFound('Page', page);
    // Everything is read from the store above; pdfkit writes the bytes asynchronously.
    const bytes = await pdfWriter(rt.platform)(`#${cr.number} ${cr.subject}`, pdfLines(pages, revision.variables), rt.clock.now());
    return rawReply(bytes, 'application/pdf', 200, { 'content-disposition': `inline; filename="change-request-${cr.number}.pdf"` });
  },
};

/** GET /__files/space-pdf/{spaceId}/{revisionId}.pdf: a space's content (getSpacePDF), as the change request's. */
export const SPACE_PDF_ROW: FileRow = {
  operationId: 'fileSpacePdf', method: 'GET', path: '/__files/space-pdf/{spaceId}/{file}', status: 200, access: 'signed URL',
  summary: 'A space as PDF, at the signed URL the space PDF operation gives', responseType: 'application/pdf',
  handle: async ({ params, query, path, session: rt }) => {
    const revision = rt.db.revisions.get(params.file.replace(/\.pdf$/, ''));
    const space = rt.db.spaces.get(params.spaceId);
    if (!revision || !space || revision.space !== space.id || revision.changeRequest) throw errors.notFound('PDF', path);
    const expires = Date.parse(firstValue(query.expires) ?? '');
    if (!(rt.clock.nowMs() <= expires)) throw errors.gone('This PDF URL has expired; ask for a new one');
    const page = firstValue(query.page);
    const pages = pdfPages(revision, page, firstValue(query.only) === 'true');
    if (pages.length === 0) throw errors.notFound('Page', page);
    const bytes = await pdfWriter(rt.platform)(space.title, pdfLines(pages, revision.variables), rt.clock.now());
    return rawReply(bytes, 'application/pdf', 200, { 'content-disposition': `inline; filename="space-${space.id}.pdf"` });
  },
};
