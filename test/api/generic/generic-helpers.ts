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
import type { TestMock } from '../../helpers/mock.ts';

export const genericRows: Operation[] = routedOperations.filter((row) => row.generic);

export const defs = (JSON.parse(readFileSync(`${SCHEMAS_DIR}official/generic.json`, 'utf8')) as { $defs: Record<string, Record<string, unknown>> }).$defs;

/** The starter's id for each parameter the generic rows name; `items` fills the families' item ids. */
export function pathFor(t: TestMock, row: Operation, items: Record<string, string> = {}): string {
  const space = t.id('spaces', 'handbook');
  const revision = (t.mock.runtime.db.spaces.get(space) as { revision: string }).revision;
  const values: Record<string, string> = {
    organizationId: t.id('organizations', 'acme'),
    siteId: t.id('sites', 'docs-site'),
    spaceId: space,
    changeRequestId: t.id('changeRequests', 'handbook-draft'),
    collectionId: t.id('collections', 'guides'),
    siteSpaceId: t.id('siteSpaces', 'handbook-site-space'),
    specSlug: 'petstore',
    translationId: t.id('translations', 'french'),
    integrationName: 'docs-bot',
    teamId: t.id('teams', 'writers'),
    userId: t.id('users', 'admin'),
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
