/**
 * GET /__admin/openapi.json (the document of src/openapi/document.ts) and GET /__admin/docs,
 * an API reference page for it: Swagger UI's standalone build (the swagger-ui-dist package),
 * served from node_modules, so the page works with no network. Everything sits under
 * /__admin, behind the admin gate.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Hono } from 'hono';
import { routedOperations } from '../resources/index.ts';
import type { JsonSchema } from '../http/schemas.ts';
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

/** `sources` is called on the first request for the document (reading it at build time slowed every start). */
export function registerOpenApi(app: Hono, sources: () => Map<string, JsonSchema>): void {
  let document: string | undefined;
  const files = new Map<string, Buffer>();
  app.get('/__admin/openapi.json', (c) => {
    document ??= JSON.stringify(buildOpenApi(routedOperations, sources(), packageVersion()));
    return c.body(document, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
  app.get('/__admin/docs', (c) => c.html(PAGE));
  app.get('/__admin/docs/:file', (c) => {
    const name = c.req.param('file');
    const type = ASSETS[name];
    if (!type) return c.notFound();
    let body = files.get(name);
    if (!body) files.set(name, (body = readFileSync(join(swaggerUiDir(), name))));
    return c.body(new Uint8Array(body), 200, { 'Content-Type': type, 'Cache-Control': 'max-age=3600' });
  });
}
