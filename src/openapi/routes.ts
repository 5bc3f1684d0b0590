/**
 * GET /__admin/openapi.json (the document of src/openapi/document.ts) and GET /__admin/docs,
 * an API reference page for it: Swagger UI's standalone build (the swagger-ui-dist package),
 * served from node_modules, so the page works with no network. Everything sits under
 * /__admin, behind the admin gate. The document and the page are rows (reference.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Hono } from 'hono';
import { routedOperations } from '../resources/index.ts';
import type { JsonSchema } from '../contract/schemas.ts';
import { registerRows } from '../server/registrar.ts';
import { REFERENCE_ROWS } from './reference.ts';
import { buildOpenApi } from './document.ts';
import { packageVersion } from '../package-version.ts';

const ASSETS: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
};

/** The folder of swagger-ui-dist, wherever npm put it. */
function swaggerUiDir(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/** `sources` is called on the first request for the document (reading it at build time slowed every start). */
export function registerOpenApi(app: Hono, sources: () => Map<string, JsonSchema>): void {
  let document: string | undefined;
  const files = new Map<string, Buffer>();
  const documentText = () => (document ??= JSON.stringify(buildOpenApi(routedOperations, sources(), packageVersion())));
  registerRows(app, REFERENCE_ROWS, (_c, row) => row.handle({ document: documentText }));
  // Swagger UI's own files: bytes of the package, not calls of the admin API.
  app.get('/__admin/docs/:file', (c) => {
    const name = c.req.param('file');
    const type = ASSETS[name];
    if (!type) return c.notFound();
    let body = files.get(name);
    if (!body) files.set(name, (body = readFileSync(join(swaggerUiDir(), name))));
    return c.body(new Uint8Array(body), 200, { 'Content-Type': type, 'Cache-Control': 'max-age=3600' });
  });
}
