/**
 * For the generic tier's tests: the generic rows, a path for each with the starter's ids, and
 * a request body for each built from the official body schema (the same walker the mock
 * answers with, so every body the document requires is there).
 */
import { readFileSync } from 'node:fs';
import { routedOperations } from '../../../src/resources/index.ts';
import type { Operation } from '../../../src/contract/operation.ts';
import { walk } from '../../../src/resources/generic/walker.ts';
import { SCHEMAS_DIR } from '../../../src/contract/schemas.ts';
import type { GitBookMock } from '../../../src/vitest/index.ts';

export const genericRows: Operation[] = routedOperations.filter((row) => row.generic);

export const defs = (JSON.parse(readFileSync(`${SCHEMAS_DIR}official/generic.json`, 'utf8')) as { $defs: Record<string, Record<string, unknown>> }).$defs;

/** The starter's id for each parameter the generic rows name; `items` fills the families' item ids. */
export function pathFor(gb: GitBookMock, row: Operation, items: Record<string, string> = {}): string {
  const space = gb.id('spaces', 'handbook');
  const revision = (gb.mock!.runtime.db.spaces.get(space) as { revision: string }).revision;
  const values: Record<string, string> = {
    organizationId: gb.id('organizations', 'acme'),
    siteId: gb.id('sites', 'docs-site'),
    spaceId: space,
    changeRequestId: gb.id('changeRequests', 'handbook-draft'),
    collectionId: gb.id('collections', 'guides'),
    siteSpaceId: gb.id('siteSpaces', 'handbook-site-space'),
    specSlug: 'petstore',
    translationId: gb.id('translations', 'french'),
    integrationName: 'docs-bot',
    teamId: gb.id('teams', 'writers'),
    userId: gb.id('users', 'admin'),
    revisionId: revision,
    subdomain: 'acme',
  };
  return row.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(items[name] ?? values[name] ?? 'sample'));
}

/** A body the official document accepts for `row` (undefined for an operation without one). */
export function bodyFor(row: Operation): unknown {
  if (!row.body) return undefined;
  return walk(defs[`${row.operationId}-body`], undefined, { defs, seed: `test:${row.operationId}` });
}

/** A query string with what the official document requires of `row` (empty when nothing). */
export function queryFor(row: Operation): string {
  const schema = defs[`${row.operationId}-query`] as { properties?: Record<string, Record<string, unknown>>; required?: string[] } | undefined;
  if (!schema?.required) return '';
  const values = schema.required.map((name) => {
    const value = walk(schema.properties![name], undefined, { defs, seed: `test:${row.operationId}:${name}` });
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return `${name}=${encodeURIComponent(name === 'url' ? 'https://docs.acme.test/handbook' : text)}`;
  });
  return `?${values.join('&')}`;
}
