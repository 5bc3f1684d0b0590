/**
 * npm run official-schemas: writes the request-body schemas the mock takes verbatim from the
 * official document (node_modules/@gitbook/api), where a body is too large to restate by hand
 * and must accept exactly what the real service accepts: site customization settings (PUT)
 * and site-space customization overrides (PATCH), the JSON document of a translation's instructions; under schemas/official/ the body, query
 * and response schemas of every operation of the resource engine's families (each file holds
 * the schema with every component it reaches under $defs, stripped of prose and examples);
 * schemas/official/generic.json, every component and operation schema once, for the generic
 * tier (src/resources/generic/); src/contract/official-answers.ts, each operation's
 * success status and content type; and src/contract/official-events.ts, the types of the
 * official Event union. Re-run after upgrading @gitbook/api;
 * test/unit/contract/official-bodies.test.ts fails when a file is out of date.
 */
import { writeFileSync } from 'node:fs';
import { officialAnswersModule, officialBodySchemas, officialEventsModule, officialEventTypes, officialGeneric, officialOperationSchemas } from '../src/contract/official-bodies.ts';
import { officialSchemaIds } from '../src/resources/index.ts';

const generic = officialGeneric();
for (const { file, schema } of [...officialBodySchemas(), ...officialOperationSchemas(officialSchemaIds()), { file: 'official/generic.json', schema: generic.schema }]) {
  writeFileSync(new URL(`../schemas/${file}`, import.meta.url), `${JSON.stringify(schema, null, 2)}\n`);
  process.stdout.write(`wrote schemas/${file}\n`);
}
writeFileSync(new URL('../src/contract/official-answers.ts', import.meta.url), officialAnswersModule(generic.answers));
process.stdout.write('wrote src/contract/official-answers.ts\n');
writeFileSync(new URL('../src/contract/official-events.ts', import.meta.url), officialEventsModule(officialEventTypes()));
process.stdout.write('wrote src/contract/official-events.ts\n');
