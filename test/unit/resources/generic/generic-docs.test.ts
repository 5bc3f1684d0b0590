/** docs/behaviour.md's table of the generic tier is what the classification gives now (npm run docs:generic). */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { routedOperations } from '../../../../src/resources/index.ts';
import { genericTable, TABLE_END, TABLE_START } from '../../../../src/resources/generic/table.ts';

it('lists every generic family, singleton and computed operation as classified', () => {
  const text = readFileSync(new URL('../../../../docs/behaviour.md', import.meta.url), 'utf8');
  const table = text.slice(text.indexOf(TABLE_START) + TABLE_START.length, text.indexOf(TABLE_END)).trim();
  expect(table).toBe(genericTable(routedOperations));
  for (const row of routedOperations.filter((r) => r.generic)) expect(table).toContain(row.operationId);
});
