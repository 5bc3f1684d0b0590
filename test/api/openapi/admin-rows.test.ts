/**
 * The admin surface is rows (issue 25): the OpenAPI document describes each admin call from the
 * row that serves it, so what a row says of its answer must be what the call answers.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { adminOperations } from '../../../src/openapi/admin-operations.ts';
import { sharedSchemas } from '../../../src/contract/schemas.ts';
import { firstRefusal } from '../../../src/contract/validators.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

describe('admin rows', () => {
  it('name their access, and each GET answers what its response schema says', async () => {
    // Something in the journal, the coverage and the snapshots, so the lists hold items to check.
    expect((await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}')).status).toBe(200);
    expect((await t.admin('PUT', '/__admin/snapshots/kept')).status).toBe(201);
    const schemas = sharedSchemas();
    const checked: string[] = [];
    for (const row of adminOperations) {
      expect(`${row.operationId} ${row.access}`).toBe(`${row.operationId} admin`);
      if (row.method !== 'GET' || row.path.includes('{') || !row.response) continue;
      const res = await gb.fetch(`${row.path}`);
      expect(`${row.path} ${res.status}`).toBe(`${row.path} ${row.status}`);
      const validate = schemas.strictValidator(row.response);
      const body = await res.json();
      expect(validate(body) ? 'fits' : `${row.path}: ${firstRefusal('response', validate)}`).toBe('fits');
      checked.push(row.operationId);
    }
    expect(checked).toEqual(expect.arrayContaining(['adminHealth', 'adminGetClock', 'adminGetCoverage', 'adminListSnapshots', 'adminListSessions', 'adminGetManifest']));
  });

  it('describe every body and query they take with a schema of schemas/admin', async () => {
    const doc = (await t.admin('GET', '/__admin/openapi.json')).body as any;
    expect(doc.paths['/__admin/clock'].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/admin.clock-change' });
    expect(doc.paths['/__admin/faults'].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/admin.fault-rule' });
    expect(doc.paths['/__admin/requests'].get.parameters.map((p: any) => `${p.in} ${p.name}`))
      .toEqual(['query method', 'query path', 'query operationId', 'query status']);
    expect(doc.paths['/__admin/events'].get.parameters.map((p: any) => p.name)).toEqual(['type', 'installationId', 'spaceId', 'status']);
  });
});
