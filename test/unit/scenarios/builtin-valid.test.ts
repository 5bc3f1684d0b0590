/** Built-in scenarios load without a run-time schema check (it slowed every start): checked here. */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILTIN_DIR } from '../../../src/scenarios/catalog.ts';
import { describeError, sharedSchemas } from '../../../src/contract/schemas.ts';

const files = readdirSync(BUILTIN_DIR).filter((f) => f.endsWith('.json'));

describe('built-in scenarios', () => {
  it.each(files)('%s passes schemas/scenario.json', (file) => {
    const validate = sharedSchemas().strictValidator('scenario');
    const valid = validate(JSON.parse(readFileSync(join(BUILTIN_DIR, file), 'utf8')));
    expect(valid ? '' : describeError('scenario', validate.errors![0])).toBe('');
  });
});
