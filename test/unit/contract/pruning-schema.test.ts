/**
 * The browser build prunes bodies with only what pruning reads of the schema files
 * (pruningSchema, scripts/build-msw.ts): for every operation's body, each branch of it filled
 * with its fields and an unknown field at every depth, the same fields go as with the files.
 */
import { describe, expect, it } from 'vitest';
import { pruneUnknown, pruningSchema } from '../../../src/contract/prune.ts';
import { GENERIC_SCHEMA, readSchemaFiles } from '../../../src/contract/schemas.ts';
import { routedOperations } from '../../../src/resources/index.ts';

type Json = Record<string, unknown>;
const files = readSchemaFiles();
const compact = new Map([...files].map(([id, schema]) => [id, pruningSchema(schema) as Json]));
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schema a `$ref` names, in `files`. */
function resolve(ref: string, from: string): { schema: Json; file: string } | undefined {
  const [name, fragment = ''] = ref.split('#');
  const file = name === '' ? from : name.replace(/^\//, '');
  let node: unknown = files.get(file);
  for (const part of fragment.split('/').slice(1)) node = isObject(node) ? node[part] : undefined;
  return isObject(node) ? { schema: node, file } : undefined;
}

/** Values of a schema: every field it names filled (one value per `oneOf`/`anyOf` branch at the top), and `junk` beside them. */
function samples(schema: Json, file: string, depth = 0): unknown[] {
  if (depth > 6) return [{ junk: 1 }];
  if (typeof schema.$ref === 'string') {
    const target = resolve(schema.$ref, file);
    return target ? samples(target.schema, target.file, depth + 1) : [{ junk: 1 }];
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) return branches.filter(isObject).flatMap((b) => samples(b, file, depth + 1).slice(0, depth ? 1 : undefined));
  }
  if (Array.isArray(schema.allOf)) return [Object.assign({}, ...schema.allOf.filter(isObject).map((part) => samples(part, file, depth + 1)[0]).filter(isObject))];
  if (isObject(schema.items)) return [samples(schema.items, file, depth + 1).slice(0, 2)];
  if ('const' in schema) return [schema.const];
  if (Array.isArray(schema.enum)) return [schema.enum[0]];
  const value: Json = { junk: 1 };
  if (isObject(schema.properties)) for (const [name, sub] of Object.entries(schema.properties)) value[name] = isObject(sub) ? samples(sub, file, depth + 1)[0] : 'x';
  return [value];
}

const bodies = [...new Set(routedOperations.map((op) => op.body).filter((id): id is string => id !== undefined && !id.startsWith(GENERIC_SCHEMA)))].sort();

describe('pruning with the pruning schemas', () => {
  it.each(bodies)('drops what the files drop from a body of %s', (id) => {
    const [file, fragment = ''] = id.split('#');
    const root = resolve(`/${file}#${fragment}`, file)!;
    for (const sample of samples(root.schema, root.file)) {
      const a = structuredClone(sample);
      const b = structuredClone(sample);
      const dropped = pruneUnknown((name) => files.get(name), id, a);
      expect(pruneUnknown((name) => compact.get(name), id, b)).toEqual(dropped);
      expect(b).toEqual(a);
    }
  });

  it('is smaller than the files (no titles, notes, formats or bounds)', () => {
    const own = [...files.keys()].filter((id) => !id.startsWith(GENERIC_SCHEMA));
    const size = (m: Map<string, unknown>) => JSON.stringify(own.map((id) => m.get(id))).length;
    expect(size(compact)).toBeLessThan(size(files) * 0.9);
  });
});
