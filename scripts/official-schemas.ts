/**
 * npm run official-schemas: writes the request-body schemas the mock takes verbatim from the
 * official document (node_modules/@gitbook/api), where a body is too large to restate by hand
 * and must accept exactly what the real service accepts: site customization settings (PUT)
 * and site-space customization overrides (PATCH), the JSON document of a translation's instructions; and under schemas/official/ the body, query
 * and response schemas of every operation of the resource engine's families. Each file holds the body schema with every
 * component it reaches under $defs, stripped of prose and examples. Re-run after upgrading
 * @gitbook/api; test/schemas/official-bodies.test.ts fails when a file is out of date.
 */
import { writeFileSync } from 'node:fs';
import { officialBodySchemas, officialOperationSchemas } from '../src/openapi/official-bodies.ts';
import { officialSchemaIds } from '../src/resources/index.ts';

for (const { file, schema } of [...officialBodySchemas(), ...officialOperationSchemas(officialSchemaIds())]) {
  writeFileSync(new URL(`../schemas/${file}`, import.meta.url), `${JSON.stringify(schema, null, 2)}\n`);
  process.stdout.write(`wrote schemas/${file}\n`);
}
