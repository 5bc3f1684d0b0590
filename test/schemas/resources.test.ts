/**
 * Every schema in schemas/ compiles; every resource schema that names its official
 * component (`x-official`) describes data the official document accepts: instances that
 * json-schema-faker makes from our schema validate against ours and against the official one.
 */
import { describe, expect, it } from 'vitest';
import { createGeneratorSync } from 'json-schema-faker';
import { faker } from '@faker-js/faker';
import { Schemas, readSchemaFiles, type JsonSchema } from '../../src/http/schemas.ts';
import { formatErrors, officialComponent } from '../helpers/official.ts';

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

describe('schemas/', () => {
  it('compiles every schema, strict and coercing', () => {
    expect(() => schemas.compileAll()).not.toThrow();
    expect(sources.size).toBeGreaterThan(10);
  });

  it.each(resources.map(([id, s]) => [id, s['x-official'] as string]))(
    '%s: fake instances validate against ours and the official %s',
    (id, official) => {
      const ours = schemas.strictValidator(id);
      const theirs = officialComponent(official);
      const gen = createGeneratorSync({ seed: 11, refResolver: resolver, extensions: { faker }, alwaysFakeOptionals: false, maxDepth: 24 });
      for (let i = 0; i < 5; i++) {
        const instance = gen.generate(sources.get(id)!);
        expect(ours(instance), `${id} #${i} against ours:\n${formatErrors(ours)}\n${JSON.stringify(instance)}`).toBe(true);
        expect(theirs(instance), `${id} #${i} against official ${official}:\n${formatErrors(theirs)}\n${JSON.stringify(instance)}`).toBe(true);
      }
    },
  );
});
