import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { drift } from '../../../src/openapi/drift.ts';

const schema = (props: Record<string, unknown>) => ({ type: 'object', properties: props });
const ok = (s: unknown) => ({ responses: { 200: { description: 'OK', content: { 'application/json': { schema: s } } } } });

const ours = {
  paths: {
    '/v1/spaces/{spaceId}': { get: { operationId: 'getSpaceById', ...ok({ $ref: '#/components/schemas/space' }) } },
    '/v1/ours-only': { post: { operationId: 'oursOnly', ...ok(schema({})) } },
    '/__admin/health': { get: { operationId: 'adminHealth', ...ok(schema({})) } },
  },
  components: { schemas: { space: schema({ id: { type: 'string' }, visibility: { enum: ['public', 'private'] }, extra: { type: 'string' } }) } },
};
const official = {
  paths: {
    '/spaces/{id}': { get: { operationId: 'getSpaceById', ...ok({ $ref: '#/components/schemas/Space' }) } },
    '/orgs': { get: { operationId: 'listOrganizationsForAuthenticatedUser', ...ok(schema({})) } },
  },
  components: { schemas: { Space: { allOf: [schema({ id: { type: 'string' }, visibility: { enum: ['public', 'private', 'share-link'] }, urls: { type: 'object' } })] } } },
};

describe('drift', () => {
  it('names operations on one side only, and response fields and enum values of shared ones', () => {
    const result = drift(ours, official);
    expect(result.onlyOfficial.map((o) => o.operationId)).toEqual(['listOrganizationsForAuthenticatedUser']);
    expect(result.onlyOurs.map((o) => o.operationId)).toEqual(['oursOnly']);
    expect(result.fields).toEqual([
      { operationId: 'getSpaceById', route: 'GET /spaces/{}', missing: ['urls'], extra: ['extra'], enumsMissing: ['visibility=share-link'], enumsExtra: [] },
    ]);
  });

  it('npm run drift prints the sections against the official document', async () => {
    const script = fileURLToPath(new URL('../../../scripts/drift.ts', import.meta.url));
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['--import', 'tsx', script, '--json'], { maxBuffer: 16 * 1024 * 1024 }, (error, out) => (error ? reject(error) : resolve(out))));
    const report = JSON.parse(stdout);
    // Every official operation is served (hand-written or by the generic tier).
    expect(report.onlyOfficial).toEqual([]);
    expect(Array.isArray(report.fields)).toBe(true);
  }, 30_000);
});
