/**
 * The two pages of the mock's API reference as rows: GET /__admin/openapi.json (the document
 * of document.ts, built by openapi/routes.ts and given to the row) and GET /__admin/docs, a
 * Swagger UI page for it, with Swagger UI's own files (GET /__admin/docs/{file}: the
 * swagger-ui-dist package's, served from node_modules, so the page works with no network).
 * They are described in the document from these rows, like the admin calls (admin/routes.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { rawReply, type RouteRow } from '../contract/operation.ts';
import { filesRow, type FilesRow, type ServedFile } from '../contract/served-files.ts';

// validatorUrl: null keeps Swagger UI from sending the document to its online validator.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>gitbook-mock API reference</title>
<link rel="stylesheet" href="/__admin/docs/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/__admin/docs/swagger-ui-bundle.js"></script>
<script>
window.ui = SwaggerUIBundle({ url: '/__admin/openapi.json', dom_id: '#reference', validatorUrl: null, deepLinking: true, displayOperationId: true });
</script>
</body>
</html>
`;

/** Hono's c.html wrote this type; the page keeps it. */
const HTML = 'text/html; charset=UTF-8';

export interface ReferenceRow extends RouteRow {
  handle(input: { document(): string }): unknown;
}

export const REFERENCE_ROWS: readonly ReferenceRow[] = [
  { operationId: 'adminGetOpenApi', method: 'GET', path: '/__admin/openapi.json', summary: 'This document', status: 200, access: 'admin', response: 'admin/object',
    handle: ({ document }) => rawReply(document(), 'application/json; charset=utf-8') },
  { operationId: 'adminGetDocs', method: 'GET', path: '/__admin/docs', summary: 'API reference page of this document', status: 200, access: 'admin', responseType: 'text/html',
    handle: () => rawReply(PAGE, HTML) },
];

/** A file of swagger-ui-dist, wherever npm put the package, read on first use. */
function swaggerUiFile(name: string, type: string): ServedFile {
  let bytes: Uint8Array | undefined;
  const dir = () => dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  return { type, read: () => (bytes ??= new Uint8Array(readFileSync(join(dir(), name)))) };
}

/** Swagger UI's script and style sheet: bytes of the package, not calls of the admin API, behind the admin gate like the page. */
export const DOCS_FILES_ROW: FilesRow = filesRow({
  operationId: 'adminGetDocsFile', path: '/__admin/docs/{file}', summary: "Swagger UI's script and style sheet, for the reference page", access: 'admin',
  files: new Map([
    ['swagger-ui-bundle.js', swaggerUiFile('swagger-ui-bundle.js', 'text/javascript; charset=utf-8')],
    ['swagger-ui.css', swaggerUiFile('swagger-ui.css', 'text/css; charset=utf-8')],
  ]),
  headers: { 'Cache-Control': 'max-age=3600' },
});
