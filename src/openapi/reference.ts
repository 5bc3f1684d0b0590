/**
 * The two pages of the mock's API reference as rows: GET /__admin/openapi.json (the document
 * of document.ts, built by openapi/routes.ts and given to the row) and GET /__admin/docs, a
 * page of it written on the server (reference-page.ts: no script, nothing loaded from
 * anywhere). They are described in the document from these rows, like the admin calls
 * (admin/routes.ts).
 */
import { rawReply, type RouteRow } from '../contract/operation.ts';

/** Hono's c.html wrote this type; the page keeps it. */
const HTML = 'text/html; charset=UTF-8';

export interface ReferenceRow extends RouteRow {
  handle(input: { document(): string; page(): string }): unknown;
}

export const REFERENCE_ROWS: readonly ReferenceRow[] = [
  { operationId: 'adminGetOpenApi', method: 'GET', path: '/__admin/openapi.json', summary: 'This document', status: 200, access: 'admin', response: 'admin/object',
    handle: ({ document }) => rawReply(document(), 'application/json; charset=utf-8') },
  { operationId: 'adminGetDocs', method: 'GET', path: '/__admin/docs', summary: 'API reference page of this document', status: 200, access: 'admin', responseType: 'text/html',
    handle: ({ page }) => rawReply(page(), HTML) },
];
