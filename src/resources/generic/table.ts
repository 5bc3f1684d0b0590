/**
 * The table of docs/behaviour.md ("The generic tier") that lists every generic family,
 * singleton and computed operation with who may read and write it, made from the rows the
 * classification (classify.ts) gave. `npm run docs:generic` writes it between its markers;
 * test/unit/resources/generic/generic-docs.test.ts fails while the file is out of date.
 */
import type { Operation } from '../../contract/operation.ts';
import { READING_POST } from './classify.ts';

export const TABLE_START = '<!-- generic-table:start (npm run docs:generic) -->';
export const TABLE_END = '<!-- generic-table:end -->';

/** Who reads and who writes under the path's innermost parent (operations.ts, scopeOf). */
function access(path: string): { read: string; write: string } {
  if (path.includes('{integrationName}')) return { read: 'whoever sees the integration', write: 'the integration, or admins of its organization' };
  if (path.includes('{spaceId}')) return { read: 'whoever reads the space', write: 'editors of the space and up' };
  if (path.includes('{collectionId}')) return { read: 'members of its organization', write: 'admins of its organization' };
  if (path.includes('{siteId}') && path.includes('{organizationId}')) return { read: 'members of the site\'s organization', write: 'admins of the organization' };
  if (path.includes('{organizationId}')) return { read: 'members of the organization', write: 'admins of the organization' };
  if (path.startsWith('/v1/users/{userId}')) return { read: 'any user', write: 'the user themselves' };
  return { read: 'any token', write: 'any token' };
}

const cell = (ids: string[]) => ids.join(', ');
const at = (path: string) => `\`${path.replace(/^\/v1/, '').replace(/\{[^}]+\}/g, '{}')}\``;

export function genericTable(rows: readonly Operation[]): string {
  const generic = rows.filter((r) => r.generic);
  const groups = new Map<string, Operation[]>();
  for (const row of generic) {
    if (row.generic === 'computed') continue;
    const singleton = row.generic === 'singleton-action' ? row.path.slice(0, row.path.lastIndexOf('/')) : row.path;
    const key = row.generic?.startsWith('singleton') ? `singleton ${singleton}` : `family ${familyOf(row, generic)}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const lines = ['| what | operations | stateful or computed | who reads | who writes |', '|---|---|---|---|---|'];
  for (const [key, ops] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const [kind, path] = key.split(' ');
    const who = access(path);
    const creates = ops.some((o) => o.generic === 'create' || o.generic === 'provision' || o.generic === 'bulk');
    const what = kind === 'family'
      ? `stateful family (\`officialRecords\`)${creates ? '' : '; records from scenarios and state imports'}`
      : `singleton (built until first written, then kept in \`officialRecords\`${ops.some((o) => o.generic === 'singleton-action') ? '; its action makes it anew' : ''})`;
    lines.push(`| ${at(path)} | ${cell(ops.map((o) => o.operationId))} | ${what} | ${who.read} | ${who.write} |`);
  }
  for (const row of generic.filter((r) => r.generic === 'computed').sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))) {
    const who = access(row.path);
    const writes = row.method !== 'GET' && !(row.method === 'POST' && READING_POST.test(row.operationId));
    lines.push(`| ${row.method} ${at(row.path)} | ${row.operationId} | computed | ${who.read} | ${writes ? who.write : '(reads only)'} |`);
  }
  return lines.join('\n');
}

/** The collection path of a family row (its list's path). */
function familyOf(row: Operation, generic: readonly Operation[]): string {
  const list = generic.find((r) => r.generic === 'list' && (row.path === r.path || row.path.startsWith(`${r.path}/`)));
  return list?.path ?? row.path;
}
