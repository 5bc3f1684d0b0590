/**
 * The files and reusable contents of a space's content, live (`/content/...`), in a revision
 * (`/revisions/{revisionId}/...`) and in a change request, and a change request's page by path:
 * the same records and presenters as the change-request reads, at the places the official
 * document has them. Anyone who may view the space reads them.
 */
import { errors } from '../../contract/errors.ts';
import { type HandlerContext, type Operation } from '../../contract/operation.ts';
import { arrayView, paginate } from '../../contract/paginate.ts';
import { changeRequestContent, liveContent, pageAtPath, requireFile, revisionContent } from '../shared/content.ts';
import { presentFile, presentPage, type ContentPlace } from '../shared/content-present.ts';
import { reusableDocument } from './documents.ts';
import { officialOp } from '../engine/operations.ts';

type Place = (ctx: HandlerContext<any>) => ContentPlace;

function fileRows(list: 'listFiles' | 'listFilesInRevisionById', get: 'getFileById' | 'getFileInRevisionById', placeOf: Place): Operation[] {
  return [
    officialOp(list, {
      handle: (ctx) => {
        const place = placeOf(ctx);
        return paginate(arrayView(place.revision.files), ctx.query, (f) => presentFile(ctx, place.space, f, ctx.query));
      },
    }),
    officialOp(get, {
      handle: (ctx) => {
        const place = placeOf(ctx);
        return presentFile(ctx, place.space, requireFile(place, ctx.params.fileId), ctx.query);
      },
    }),
  ];
}

function requireReusable(place: ContentPlace, id: string) {
  const found = place.revision.reusableContents.find((r) => r.id === id);
  if (!found) throw errors.notFound('Reusable content', id);
  return found;
}

function reusableRow(operationId: 'getReusableContentById' | 'getReusableContentInRevisionById' | 'getReusableContentInChangeRequestById', placeOf: Place): Operation {
  return officialOp(operationId, {
    handle: (ctx) => {
      const r = requireReusable(placeOf(ctx), ctx.params.reusableContentId);
      return { id: r.id, title: r.title, document: r.document, ...(ctx.query.metadata !== false && r.git && { git: r.git }) };
    },
  });
}

export const contentFileOperations: Operation[] = [
  ...fileRows('listFiles', 'getFileById', liveContent),
  ...fileRows('listFilesInRevisionById', 'getFileInRevisionById', revisionContent),
  reusableRow('getReusableContentById', liveContent),
  reusableRow('getReusableContentInRevisionById', revisionContent),
  reusableRow('getReusableContentInChangeRequestById', changeRequestContent),
  officialOp('getReusableContentDocumentInRevisionById', {
    handle: (ctx) => {
      const place = revisionContent(ctx);
      return reusableDocument(place, requireReusable(place, ctx.params.reusableContentId), ctx.query);
    },
  }),
  officialOp('getPageInChangeRequestByPath', {
    handle: (ctx) => {
      const place = changeRequestContent(ctx);
      return presentPage(place, pageAtPath(place, ctx.params.pagePath), ctx.query);
    },
  }),
];
