/**
 * GET /__admin/openapi.json (the document of src/openapi/document.ts) and GET /__admin/docs,
 * an API reference page for it, written on the server (reference-page.ts), so the page works
 * with no network. Everything sits under /__admin, behind the admin gate. The document and the
 * page are rows (reference.ts).
 */
import { routedOperations } from '../resources/index.ts';
import type { JsonSchema } from '../contract/schemas.ts';
import type { ServeRows } from '../platform.ts';
import { REFERENCE_ROWS } from './reference.ts';
import { referencePage, type OpenApiDocument } from './reference-page.ts';
import { buildOpenApi } from './document.ts';
import { packageVersion } from '../package-version.ts';

/** `sources` is called on the first request for the document (reading it at build time slowed every start). */
export function registerOpenApi(serve: ServeRows, sources: () => ReadonlyMap<string, JsonSchema>): void {
  let document: OpenApiDocument | undefined;
  let text: string | undefined;
  let page: string | undefined;
  const built = () => (document ??= buildOpenApi(routedOperations, sources(), packageVersion()));
  const documentText = () => (text ??= JSON.stringify(built()));
  const pageText = () => (page ??= referencePage(built()));
  serve(REFERENCE_ROWS, (_c, row) => row.handle({ document: documentText, page: pageText }));
}
