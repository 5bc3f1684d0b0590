/**
 * GET /__admin/openapi.json (the document of src/openapi/document.ts) and GET /__admin/docs,
 * an API reference page for it: Swagger UI's standalone build (the swagger-ui-dist package),
 * served from node_modules, so the page works with no network. Everything sits under
 * /__admin, behind the admin gate. The document, the page and its files are rows (reference.ts).
 */
import type { Hono } from 'hono';
import { routedOperations } from '../resources/index.ts';
import type { JsonSchema } from '../contract/schemas.ts';
import { registerRows } from '../server/registrar.ts';
import { fileReply } from '../contract/served-files.ts';
import { DOCS_FILES_ROW, REFERENCE_ROWS } from './reference.ts';
import { buildOpenApi } from './document.ts';
import { packageVersion } from '../package-version.ts';

/** `sources` is called on the first request for the document (reading it at build time slowed every start). */
export function registerOpenApi(app: Hono, sources: () => ReadonlyMap<string, JsonSchema>): void {
  let document: string | undefined;
  const documentText = () => (document ??= JSON.stringify(buildOpenApi(routedOperations, sources(), packageVersion())));
  registerRows(app, REFERENCE_ROWS, (_c, row) => row.handle({ document: documentText }));
  registerRows(app, [DOCS_FILES_ROW], (c, row, input) => fileReply(row, input.params.file, c.req));
}
