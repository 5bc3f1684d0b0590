/** The request types handlers get (src/contract/request-types.ts) are generated from schemas/ and up to date with it. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { requestSchemaIds, requestTypesModule } from '../../../scripts/request-types.ts';

describe('src/contract/request-types.ts', () => {
  it('matches the request schemas rows name (npm run schemas:types)', async () => {
    const written = readFileSync(new URL('../../../src/contract/request-types.ts', import.meta.url), 'utf8');
    expect(written).toBe(await requestTypesModule());
  }, 60_000);

  it('types every path, query and body schema a row names, and nothing else', async () => {
    const { REQUEST_SCHEMA_IDS } = await import('../../../src/contract/request-types.ts');
    expect([...REQUEST_SCHEMA_IDS]).toEqual([...requestSchemaIds().keys()].sort());
  });
});
