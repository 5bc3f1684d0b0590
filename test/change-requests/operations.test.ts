import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { changeRequestOperations } from '../../src/resources/change-requests/operations.ts';
import { officialOperation } from '../helpers/official.ts';

interface SeedRow {
  section: string;
  method: string;
  path: string;
  status: number;
  operationId: string | null;
}

// The design folder sits beside the repository (../shared), or beside its worktrees folder.
const seedFile = ['../../../shared/design/operations.json', '../../../../shared/design/operations.json']
  .map((p) => new URL(p, import.meta.url))
  .find((u) => existsSync(u));
const seed = seedFile ? (JSON.parse(readFileSync(seedFile, 'utf8')) as SeedRow[]) : [];
const SECTIONS = ['Change requests', 'Change request content', 'Requested reviewers', 'Git'];
const mine = seed.filter((r) => SECTIONS.includes(r.section) || r.path === '/v1/spaces/{spaceId}/links');

const OWN_NAMES: Record<string, string> = {
  'POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/import': 'importContentInChangeRequest',
  'GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks': 'listFileBacklinksInChangeRequest',
  'GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links': 'listPageLinksInChangeRequest',
  'GET /v1/spaces/{spaceId}/links': 'listSpaceLinks',
};

describe.skipIf(!seedFile)('the change-request operation table', () => {
  it('has one row per seed operation of the group, and no other', () => {
    expect(changeRequestOperations.map((o) => `${o.method} ${o.path}`).sort()).toEqual(mine.map((r) => `${r.method} ${r.path}`).sort());
  });

  it.each(mine.map((r) => [`${r.method} ${r.path}`, r] as const))('%s has the seed status and name', (key, row) => {
    const op = changeRequestOperations.find((o) => `${o.method} ${o.path}` === key)!;
    expect(op.status).toBe(row.status);
    expect(op.operationId).toBe(row.operationId ?? OWN_NAMES[key]);
    expect(op.official ?? false).toBe(officialOperation(op.operationId) !== undefined);
  });
});
