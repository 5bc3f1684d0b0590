/**
 * Every schema in schemas/ compiles; every resource of the seeds has a schema; every
 * resource schema that names its official component (`x-official`) describes data the
 * official document accepts: instances that json-schema-faker makes from our schema
 * validate against ours and against the official one. Resource schemas without an
 * official component (`"x-note": "no official component..."`) are still faked and
 * checked against themselves.
 */
import { describe, expect, it } from 'vitest';
import { createGeneratorSync } from 'json-schema-faker';
import { faker } from '@faker-js/faker';
import { Schemas, readSchemaFiles, type JsonSchema } from '../../../../src/contract/schemas.ts';
import { formatErrors, officialComponent } from '../../../helpers/official.ts';

const sources = readSchemaFiles();
const schemas = new Schemas(sources);

/** Our refs are written from the root (`/common/user`); jsf gets them from the files. */
function resolver(ref: string): JsonSchema {
  const id = ref.replace(/^\//, '').replace(/#.*$/, '');
  const schema = sources.get(id);
  if (!schema) throw new Error(`unresolved $ref ${ref}`);
  return schema;
}

const resources = [...sources.entries()].filter(([, s]) => typeof s['x-official'] === 'string');
const unofficial = [...sources.entries()].filter(([, s]) => String(s['x-note'] ?? '').startsWith('no official component'));

/** The resources of the three seed documents (issue 2), by schema id. */
const SEED_RESOURCES = [
  'common/user', 'spaces/space', 'comments/comment', 'comments/comment-reply', 'change-requests/change-request',
  'change-requests/requested-reviewer', 'content/revision', 'content/page', 'content/file', 'content/link',
  'content/backlink', 'sites/site', 'sites/adaptive-schema', 'sites/template-condition', 'sites/published-site',
  'sites/site-section', 'sites/site-space', 'sites/site-section-group', 'sites/share-link',
  'organizations/organization', 'organizations/member', 'organizations/team', 'organizations/team-membership',
  'organizations/member-team', 'organizations/member-space', 'organizations/saml-provider', 'organizations/sso-login',
  'organizations/subdomain', 'organizations/openapi-spec', 'organizations/openapi-spec-version',
  'organizations/openapi-spec-content', 'organizations/translation', 'common/list', 'common/error',
];

/** Resource schemas not yet checked against their official component, with the reason. */
const PENDING: Record<string, string> = {};

function generator() {
  return createGeneratorSync({ seed: 11, refResolver: resolver, extensions: { faker }, alwaysFakeOptionals: false, maxDepth: 24 });
}

describe('schemas/', () => {
  // Some 280 schemas, three validators each, the official JSON document's 105 definitions among
  // them: 20 to 27 s on a loaded machine (load 13 on 2 cores), a few seconds on an idle one.
  it('compiles every schema, strict and coercing', () => {
    expect(() => schemas.compileAll()).not.toThrow();
    expect(sources.size).toBeGreaterThan(10);
  }, 90_000);

  it.each(SEED_RESOURCES)('has a schema for the resource %s, checked by fakes unless pending', (id) => {
    expect(sources.has(id)).toBe(true);
    const checked = resources.some(([r]) => r === id) || unofficial.some(([r]) => r === id);
    expect(checked, `${id}: add x-official, or "x-note": "no official component"`).toBe(!(id in PENDING));
  });

  it.each(resources.map(([id, s]) => [id, s['x-official'] as string]))(
    '%s: fake instances validate against ours and the official %s',
    (id, official) => {
      const ours = schemas.strictValidator(id);
      const theirs = officialComponent(official);
      const gen = generator();
      for (let i = 0; i < 5; i++) {
        const instance = gen.generate(sources.get(id)!);
        expect(ours(instance), `${id} #${i} against ours:\n${formatErrors(ours)}\n${JSON.stringify(instance)}`).toBe(true);
        expect(theirs(instance), `${id} #${i} against official ${official}:\n${formatErrors(theirs)}\n${JSON.stringify(instance)}`).toBe(true);
      }
    },
  );

  it.each(unofficial.map(([id]) => id))('%s (no official component): fake instances validate against ours', (id) => {
    const ours = schemas.strictValidator(id);
    const gen = generator();
    for (let i = 0; i < 5; i++) {
      const instance = gen.generate(sources.get(id)!);
      expect(ours(instance), `${id} #${i} against ours:\n${formatErrors(ours)}\n${JSON.stringify(instance)}`).toBe(true);
    }
  });
});
