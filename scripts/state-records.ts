/**
 * Writes schemas/state-records.json: the JSON Schema of every store record, generated from
 * the TypeScript types in src/store/records.ts (ts-json-schema-generator), so the state that
 * PUT /__admin/state, scenario state and --data files load is exactly as strict as the types
 * the presenters read: every field typed, required ones required, no unknown keys (issue 11
 * item 7). schemas/state.json refers to these definitions. Run `npm run schemas:state` after
 * changing records.ts (generating takes 20 s, too long to check in every test run).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createGenerator } from 'ts-json-schema-generator';

const root = fileURLToPath(new URL('../', import.meta.url));
export const OUTPUT = `${root}schemas/state-records.json`;

export function generateStateRecords(): string {
  const schema = createGenerator({
    path: `${root}src/store/records.ts`,
    tsconfig: `${root}tsconfig.json`,
    type: '*',
    expose: 'export',
    jsDoc: 'none',
    skipTypeCheck: true,
    additionalProperties: false,
  }).createSchema('*');
  const definitions = schema.definitions as Record<string, Record<string, unknown>>;
  // Times are ISO 8601 text: the presenters and the clock parse them.
  definitions.Timestamp = { type: 'string', format: 'date-time' };
  const out = {
    $id: 'state-records',
    description: 'Generated from src/store/records.ts by scripts/state-records.ts; do not edit.',
    $defs: definitions,
  };
  return `${JSON.stringify(out, null, 2).replaceAll('#/definitions/', '/state-records#/$defs/')}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(OUTPUT, generateStateRecords());
  console.log(`wrote ${OUTPUT}`);
}
