/** The request-body schemas taken from the official document are up to date with it. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { officialAnswersModule, officialBodySchemas, officialEventsModule, officialEventTypes, officialGeneric, officialOperationSchemas } from '../../../src/contract/official-bodies.ts';
import { officialSchemaIds } from '../../../src/resources/index.ts';
import { SCHEMAS_DIR } from '../../../src/contract/schemas.ts';

describe('schemas generated from the official document', () => {
  it.each([...officialBodySchemas(), ...officialOperationSchemas(officialSchemaIds())].map((s) => [s.file, s.schema]))('%s matches it (npm run official-schemas)', (file, schema) => {
    expect(JSON.parse(readFileSync(`${SCHEMAS_DIR}${file}`, 'utf8'))).toEqual(schema);
  });

  it('schemas/official/generic.json and src/contract/official-answers.ts match it (npm run official-schemas)', () => {
    const { schema, answers } = officialGeneric();
    expect(JSON.parse(readFileSync(`${SCHEMAS_DIR}official/generic.json`, 'utf8'))).toEqual(schema);
    expect(readFileSync(new URL('../../../src/contract/official-answers.ts', import.meta.url), 'utf8')).toBe(officialAnswersModule(answers));
  });

  it('src/contract/official-events.ts matches it (npm run official-schemas)', () => {
    expect(readFileSync(new URL('../../../src/contract/official-events.ts', import.meta.url), 'utf8')).toBe(officialEventsModule(officialEventTypes()));
  });
});
