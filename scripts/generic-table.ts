/**
 * npm run docs:generic: writes the generic tier's table (src/resources/generic/table.ts) into
 * docs/behaviour.md between its markers. Run it when the classification changes (a new
 * @gitbook/api, or a hand-written row taking operations over).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { routedOperations } from '../src/resources/index.ts';
import { genericTable, TABLE_END, TABLE_START } from '../src/resources/generic/table.ts';

const file = new URL('../docs/behaviour.md', import.meta.url);
const text = readFileSync(file, 'utf8');
const start = text.indexOf(TABLE_START);
const end = text.indexOf(TABLE_END);
if (start === -1 || end === -1) throw new Error(`docs/behaviour.md has no ${TABLE_START} ... ${TABLE_END} markers`);
writeFileSync(file, `${text.slice(0, start + TABLE_START.length)}\n${genericTable(routedOperations)}\n${text.slice(end)}`);
process.stdout.write('wrote the generic table of docs/behaviour.md\n');
