import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';
import { expectRefused, SITE } from './helpers.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

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
    expect((await t.call('reader', 'GET', `${SITE}/adaptive-schema`)).status).toBe(404);
  });

  it('stores a schema through the official client and serves it back', async () => {
    const org = gb.id('organizations', 'acme');
    const site = gb.id('sites', 'docs-site');
    const put = await gb.client('admin').orgs.updateSiteAdaptiveSchema(org, site, { jsonSchema: jsonSchema as any });
    expectOfficial('updateSiteAdaptiveSchema', 200, put.data);
    const got = await gb.client('reader').orgs.getSiteAdaptiveSchema(org, site);
    expectOfficial('getSiteAdaptiveSchema', 200, got.data);
    expect(got.data.jsonSchema).toEqual(jsonSchema);
    expect(got.data.updatedAt).toBe(gb.manifest.now);
  });

  it('accepts $id but serves the schema without it (the official shape has no $id)', async () => {
    const put = await t.call('admin', 'PUT', `${SITE}/adaptive-schema`, { jsonSchema: { ...jsonSchema, $id: 'https://acme.test/visitor' } });
    expect(put.status).toBe(200);
    expect(put.body.jsonSchema.$id).toBeUndefined();
    expectOfficial('updateSiteAdaptiveSchema', 200, put.body);
  });

  it('derives one template condition per claim', async () => {
    await t.call('admin', 'PUT', `${SITE}/adaptive-schema`, { jsonSchema });
    const res = await gb.client('reader').orgs.listSiteAdaptiveTemplateConditions(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'));
    expectOfficial('listSiteAdaptiveTemplateConditions', 200, res.data);
    expect(res.data.items.map((c) => c.condition)).toEqual(['visitor.claims.isBetaUser === true', 'visitor.claims.unsigned.prefersDark === true']);
  });

  it('lets a section use a derived condition', async () => {
    await t.call('admin', 'PUT', `${SITE}/adaptive-schema`, { jsonSchema });
    const [first] = (await t.call('admin', 'GET', `${SITE}/adaptive-schema/template-conditions`)).body.items;
    const res = await t.call('admin', 'PATCH', `${SITE}/sections/{siteSections.handbook-section}`, { condition: first.condition });
    expect(res.body.condition).toBe(first.condition);
  });

  it('has no template conditions without a schema', async () => {
    expect((await t.call('reader', 'GET', `${SITE}/adaptive-schema/template-conditions`)).body).toEqual({ items: [] });
  });

  it.each([
    [{}, 'body.jsonSchema'],
    [{ jsonSchema: { ...jsonSchema, type: 'array' } }, 'body.jsonSchema.type'],
    [{ jsonSchema: { ...jsonSchema, properties: { plan: { type: 'boolean' } } } }, 'body.jsonSchema.properties.plan.description'],
    [{ jsonSchema: { ...jsonSchema, additionalProperties: true } }, 'body.jsonSchema.additionalProperties'],
    [{ jsonSchema: { ...jsonSchema, properties: { tags: { type: 'array', description: 'Tags' } } } }, 'body.jsonSchema.properties.tags'],
    [{ jsonSchema: { ...jsonSchema, properties: { when: { type: 'date', description: 'When' } } } }, 'body.jsonSchema.properties.when'],
  ])('refuses a schema of the wrong shape (%#), naming the field', async (body, field) => {
    await expectRefused(t, 'PUT', `${SITE}/adaptive-schema`, body, 400, field);
  });

  it('needs the admin role to replace the schema', async () => {
    expect((await t.call('editor', 'PUT', `${SITE}/adaptive-schema`, { jsonSchema })).status).toBe(403);
  });
});

describe('every official claim type', () => {
  // Claims as the bucket and LaunchDarkly integrations send them.
  const rich = {
    type: 'object',
    properties: {
      bucket: { type: 'string', enum: ['a', 'b'], description: 'A/B bucket' },
      country: { type: 'string', description: 'Country code' },
      seats: { type: 'number', description: 'Seats bought' },
      flags: { type: 'array', items: { type: 'string', enum: ['new-nav'], description: 'A flag' }, description: 'Feature flags' },
      scores: { type: 'array', items: { type: 'number', description: 'A score' }, description: 'Scores' },
      launchdarkly: {
        type: 'object',
        description: 'LaunchDarkly flags',
        properties: { darkMode: { type: 'boolean', description: 'Dark mode flag', colour: 'Zz-unknown' } },
        additionalProperties: false,
      },
      unsigned: {
        type: 'object',
        description: 'Unsigned claims of the site visitor.',
        properties: { plan: { type: 'string', enum: ['free', 'pro'], description: 'Plan' } },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };

  it('stores and serves them (official client), dropping keys a claim type does not have', async () => {
    const res = await gb.client('admin').orgs.updateSiteAdaptiveSchema(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), { jsonSchema: rich as never });
    expect(res.status).toBe(200);
    expectOfficial('updateSiteAdaptiveSchema', 200, res.data);
    expect(JSON.stringify(res.data)).not.toContain('Zz-unknown');
    const read = await gb.client('reader').orgs.getSiteAdaptiveSchema(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'));
    expectOfficial('getSiteAdaptiveSchema', 200, read.data);
    expect(read.data.jsonSchema.properties.flags).toEqual(rich.properties.flags);
  });

  it('derives template conditions a section can use from each of them', async () => {
    await t.call('admin', 'PUT', `${SITE}/adaptive-schema`, { jsonSchema: rich });
    const list = await gb.client('reader').orgs.listSiteAdaptiveTemplateConditions(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'));
    expectOfficial('listSiteAdaptiveTemplateConditions', 200, list.data);
    expect(list.data.items.map((c) => c.condition)).toEqual([
      'visitor.claims.bucket === "a"',
      'visitor.claims.bucket === "b"',
      'Boolean(visitor.claims.country)',
      'visitor.claims.seats > 0',
      '(visitor.claims.flags ?? []).includes("new-nav")',
      '(visitor.claims.scores ?? []).length > 0',
      'visitor.claims.launchdarkly.darkMode === true',
      'visitor.claims.unsigned.plan === "free"',
      'visitor.claims.unsigned.plan === "pro"',
    ]);
    const condition = list.data.items[6].condition;
    const res = await t.call('admin', 'PATCH', `${SITE}/sections/{siteSections.handbook-section}`, { condition });
    expect(res.body.condition).toBe(condition);
  });

  it('refuses objects nested deeper than three levels, naming the field', async () => {
    const nest = (depth: number): object =>
      depth === 0 ? { type: 'boolean', description: 'leaf' } : { type: 'object', description: 'n', properties: { x: nest(depth - 1) }, additionalProperties: false };
    expect((await t.call('admin', 'PUT', `${SITE}/adaptive-schema`, { jsonSchema: { ...rich, properties: { deep: nest(3) } } })).status).toBe(200);
    const res = await t.call('admin', 'PUT', `${SITE}/adaptive-schema`, { jsonSchema: { ...rich, properties: { deep: nest(4) } } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('body.jsonSchema.properties.deep');
  });
});
