/**
 * npm run official-routes: writes src/contract/official-routes.ts, the official document's
 * route table (operationId, method, path) that the server routes every official operation
 * by. Run it after upgrading @gitbook/api; a test fails while the file is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { officialRoutes, officialRoutesModule } from '../src/contract/official-table.ts';

const officialPath = createRequire(import.meta.url).resolve('@gitbook/api/spec/openapi.json');
const rows = officialRoutes(JSON.parse(readFileSync(officialPath, 'utf8')));
const out = fileURLToPath(new URL('../src/contract/official-routes.ts', import.meta.url));
writeFileSync(out, officialRoutesModule(rows));
process.stdout.write(`${rows.length} official operations written to src/contract/official-routes.ts\n`);
