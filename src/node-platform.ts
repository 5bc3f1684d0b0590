/**
 * The Node server's platform (see platform.ts): schemas compiled by ajv at run time, scenarios
 * and fixtures read from the package's folders, faker for filler, pdfkit for PDFs, the `--data`
 * file, the console and the OpenAPI document. createMock (app.ts) builds every app with it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Platform } from './platform.ts';
import { GENERIC_SCHEMA, schemaSources, sharedSchemas } from './contract/schemas.ts';
import { ScenarioCatalog } from './scenarios/catalog.ts';
import { nodeFiller } from './scenarios/node-filler.ts';
import { perProcessByName } from './cache/caches.ts';
import { packageVersion } from './package-version.ts';
import { renderPdf } from './resources/change-requests/pdf-document.ts';
import { DataFile } from './persistence/data-file.ts';
import { registerConsole } from './admin/ui/routes.tsx';
import { registerOpenApi } from './openapi/routes.ts';
import { PACKAGE_ROOT } from './paths/package-paths.ts';

export const FIXTURES_DIR = fileURLToPath(new URL('fixtures/', PACKAGE_ROOT));

/** Fixture files are read once per process: they never change while it runs (cache/caches.ts). */
const fixture = perProcessByName((name): unknown => {
  const path = FIXTURES_DIR + name;
  if (!existsSync(path)) return undefined;
  const text = readFileSync(path, 'utf8');
  return name.endsWith('.json') ? JSON.parse(text) : text;
});

export const nodePlatform: Platform = {
  validators: sharedSchemas,
  catalog: (dirs) => new ScenarioCatalog(dirs),
  prebuilt: (catalog, scenario, fillerSeed) => (catalog instanceof ScenarioCatalog ? catalog.prebuilt(scenario, fillerSeed) : undefined),
  filler: nodeFiller,
  fixture,
  version: packageVersion,
  official: () => schemaSources().get(GENERIC_SCHEMA) as { $defs: Record<string, Record<string, unknown>> },
  renderPdf,
  dataFile: (path, saved) => new DataFile(path, saved),
  routes(serve) {
    registerConsole(serve);
    registerOpenApi(serve, schemaSources);
  },
};
