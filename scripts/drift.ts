/**
 * npm run drift: what differs between the mock's OpenAPI document and the official one in
 * node_modules/@gitbook/api: operations on one side only, then response fields and enum
 * values of the operations both have. `--json` prints the same as JSON.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { buildOpenApi } from '../src/openapi/document.ts';
import { drift, type RouteOp } from '../src/openapi/drift.ts';
import { routedOperations } from '../src/resources/index.ts';
import { sharedSchemas } from '../src/contract/schemas.ts';

const officialPath = createRequire(import.meta.url).resolve('@gitbook/api/spec/openapi.json');
const official = JSON.parse(readFileSync(officialPath, 'utf8'));
const ours = buildOpenApi(routedOperations, sharedSchemas().sources);
const result = drift(ours, official);

if (process.argv.includes('--json')) {
  const ops = (list: RouteOp[]) => list.map(({ operationId, route }) => ({ operationId, route }));
  process.stdout.write(`${JSON.stringify({ onlyOfficial: ops(result.onlyOfficial), onlyOurs: ops(result.onlyOurs), fields: result.fields }, null, 2)}\n`);
} else {
  const lines: string[] = [];
  const section = (title: string, list: RouteOp[]) => {
    lines.push(`${title} (${list.length})`);
    for (const op of [...list].sort((a, b) => a.route.localeCompare(b.route))) lines.push(`  ${op.route.padEnd(70)} ${op.operationId}`);
    lines.push('');
  };
  section('Operations in the official document the mock does not serve', result.onlyOfficial);
  section('Operations the mock serves that the official document does not have', result.onlyOurs);
  lines.push(`Shared operations whose response differs (${result.fields.length})`);
  for (const f of result.fields) {
    lines.push(`  ${f.operationId} (${f.route})`);
    if (f.missing.length) lines.push(`    fields only official: ${f.missing.join(', ')}`);
    if (f.extra.length) lines.push(`    fields only ours:     ${f.extra.join(', ')}`);
    if (f.enumsMissing.length) lines.push(`    values only official: ${f.enumsMissing.join(', ')}`);
    if (f.enumsExtra.length) lines.push(`    values only ours:     ${f.enumsExtra.join(', ')}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
