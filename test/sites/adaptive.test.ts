import { describe, expect, it } from 'vitest';
import { createTestMock } from '../helpers/mock.ts';
import { expectOfficial } from '../helpers/official.ts';
import { expectRefused, SITE } from './helpers.ts';

const jsonSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    isBetaUser: { type: 'boolean', description: 'Joined the beta program' },
    unsigned: {
      type: 'object',
      description: 'Unsigned claims of the site visitor.',
      properties: { prefersDark: { type: 'boolean', description: 'Prefers the dark theme' } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

describe('adaptive schema', () => {
  it('answers 404 while the site has no visitor schema', async () => {
    const t = createTestMock();
    expect((await t.call('reader', 'GET', `${SITE}/adaptive-schema`)).status).toBe(404);
  });

  it('stores a schema through the official client and serves it back', async () => {
    const t = createTestMock();
    const org = t.id('organizations', 'acme');
    const site = t.id('sites', 'docs-site');
    const put = await t.client('admin').orgs.updateSiteAdaptiveSchema(org, site, { jsonSchema: jsonSchema as any });
    expectOfficial('updateSiteAdaptiveSchema', 200, put.data);
    const got = await t.client('reader').orgs.getSiteAdaptiveSchema(org, site);
    expectOfficial('getSiteAdaptiveSchema', 200, got.data);
    expect(got.data.jsonSchema).toEqual(jsonSchema);
    expect(got.data.updatedAt).toBe(t.manifest.now);
  });

  it('accepts $id but serves the schema without it (the official shape has no $id)', async () => {
    const t = createTestMock();
    const put = await t.call('admin', 'PUT', `${SITE}/adaptive-schema`, { jsonSchema: { ...jsonSchema, $id: 'https://acme.test/visitor' } });
    expect(put.status).toBe(200);
    expect(put.body.jsonSchema.$id).toBeUndefined();
    expectOfficial('updateSiteAdaptiveSchema', 200, put.body);
  });

  it('derives one template condition per claim', async () => {
    const t = createTestMock();
    await t.call('admin', 'PUT', `${SITE}/adaptive-schema`, { jsonSchema });
    const res = await t.client('reader').orgs.listSiteAdaptiveTemplateConditions(t.id('organizations', 'acme'), t.id('sites', 'docs-site'));
    expectOfficial('listSiteAdaptiveTemplateConditions', 200, res.data);
    expect(res.data.items.map((c) => c.condition)).toEqual(['visitor.claims.isBetaUser === true', 'visitor.claims.unsigned.prefersDark === true']);
  });

  it('lets a section use a derived condition', async () => {
    const t = createTestMock();
    await t.call('admin', 'PUT', `${SITE}/adaptive-schema`, { jsonSchema });
    const [first] = (await t.call('admin', 'GET', `${SITE}/adaptive-schema/template-conditions`)).body.items;
    const res = await t.call('admin', 'PATCH', `${SITE}/sections/{siteSections.handbook-section}`, { condition: first.condition });
    expect(res.body.condition).toBe(first.condition);
  });

  it('has no template conditions without a schema', async () => {
    const t = createTestMock();
    expect((await t.call('reader', 'GET', `${SITE}/adaptive-schema/template-conditions`)).body).toEqual({ items: [] });
  });

  it.each([
    [{}, 'body.jsonSchema'],
    [{ jsonSchema: { ...jsonSchema, type: 'array' } }, 'body.jsonSchema.type'],
    [{ jsonSchema: { ...jsonSchema, properties: { age: { type: 'number', description: 'Age' } } } }, 'body.jsonSchema.properties.age.type'],
    [{ jsonSchema: { ...jsonSchema, properties: { plan: { type: 'boolean' } } } }, 'body.jsonSchema.properties.plan.description'],
    [{ jsonSchema: { ...jsonSchema, additionalProperties: true } }, 'body.jsonSchema.additionalProperties'],
    [
      { jsonSchema: { ...jsonSchema, properties: { unsigned: { ...jsonSchema.properties.unsigned, properties: { x: { type: 'string', description: 'x' } } } } } },
      'body.jsonSchema.properties.unsigned.properties.x.type',
    ],
  ])('refuses a schema of the wrong shape (%#), naming the field', async (body, field) => {
    const t = createTestMock();
    await expectRefused(t, 'PUT', `${SITE}/adaptive-schema`, body, 400, field);
  });

  it('needs the admin role to replace the schema', async () => {
    const t = createTestMock();
    expect((await t.call('editor', 'PUT', `${SITE}/adaptive-schema`, { jsonSchema })).status).toBe(403);
  });
});
