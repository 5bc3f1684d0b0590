import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { siteOperations } from '../../src/resources/sites/operations.ts';
import { createTestMock } from '../helpers/mock.ts';
import { officialOperation } from '../helpers/official.ts';
import { SITE, SITES } from './helpers.ts';

/** shared/design/operations.json, found in the nearest folder above this file that has it. */
function findOperationsFile(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared/design/operations.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error('shared/design/operations.json not found above the tests');
  }
}

const seed = (JSON.parse(readFileSync(findOperationsFile(), 'utf8')) as any[]).filter((o) => o.doc === '001');

describe('the docs-sites operation table', () => {
  it('has every operation of document 001, with its method, path and status', () => {
    const rows = siteOperations.map((o) => `${o.method} ${o.path} ${o.status}`).sort();
    expect(rows).toEqual(seed.map((o) => `${o.method} ${o.path} ${o.status}`).sort());
  });

  it('uses the official operationId where there is one, and marks the others', () => {
    for (const o of seed) {
      const row = siteOperations.find((r) => r.method === o.method && r.path === o.path)!;
      if (o.operationId) expect(row.operationId).toBe(o.operationId);
      else {
        expect(row.official).toBe(false);
        expect(officialOperation(row.operationId)).toBeUndefined();
      }
    }
  });
});

describe('our own resource schemas', () => {
  it.each([
    [SITES, 'sites/site-list'],
    [SITE, 'sites/site'],
    [`${SITE}/published`, 'sites/published-site'],
    [`${SITE}/sections`, 'sites/site-section-list'],
    [`${SITE}/site-spaces`, 'sites/site-space-list'],
    [`${SITE}/share-links`, 'sites/share-link-list'],
    [`${SITE}/adaptive-schema/template-conditions`, 'sites/template-conditions'],
  ])('GET %s matches %s', async (path, schema) => {
    const t = createTestMock();
    await t.call('admin', 'POST', `${SITE}/section-groups`, { title: 'Guides', sections: [t.id('siteSections', 'handbook-section')] });
    const res = await t.call('admin', 'GET', path);
    const validate = t.mock.runtime.schemas.strictValidator(schema);
    expect(validate(res.body), JSON.stringify(validate.errors)).toBe(true);
  });
});
