/**
 * npm run schemas:types: writes src/contract/request-types.ts, the TypeScript types of the
 * request schemas (path parameters, queries, bodies) that rows name, so that `op()` gives a
 * handler the type of what its schemas let through. Run it after changing a request schema or
 * naming a new one in a row; a test fails while the file is out of date
 * (test/unit/contract/request-types.test.ts).
 *
 * The schemas refer to each other from the root of schemas/ (`/common/id`) and, the official
 * ones, to their own `$defs`: both are rewritten to definitions of one document, which
 * json-schema-to-typescript turns into one module. The generic tier's schemas
 * (`official/generic#...`) are left out: its handlers read any official body as JSON.
 * Queries and path parameters are read by the coercing validator, which fills in defaults:
 * there a property with a default is always present, and its type says so.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { readSchemaFiles, type JsonSchema } from '../src/contract/schemas.ts';
import { ADMIN_ROWS } from '../src/admin/routes.ts';
import { fileRows, routedOperations } from '../src/resources/index.ts';

const OUT = fileURLToPath(new URL('../src/contract/request-types.ts', import.meta.url));

export type RequestPart = 'params' | 'query' | 'body';

/** Rows whose schema ids are typed: every row but the generic tier's (see above). */
export function typedRows(): readonly { params?: string; query?: string; body?: string; generic?: string }[] {
  return [...routedOperations, ...fileRows, ...ADMIN_ROWS].filter((row) => !('generic' in row && row.generic));
}

/** The request schema ids rows name, each with the part it is named for (a body where it is named for two). */
export function requestSchemaIds(): Map<string, RequestPart> {
  // The registrar's own tests declare a row with this body (test/api/server/http.test.ts).
  const ids = new Map<string, RequestPart>([['common/title-body', 'body']]);
  for (const row of typedRows()) {
    for (const part of ['params', 'query', 'body'] as const) {
      const id = row[part];
      if (id && ids.get(id) !== 'body') ids.set(id, part);
    }
  }
  return ids;
}

/** `comments/comment-create` → `CommentsCommentCreate`. */
function typeName(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The definitions of one document: every schema file reached, and the official files' own `$defs`, hoisted. */
class Definitions {
  readonly defs = new Map<string, JsonSchema>();
  /** Each definition's `default`s made required (reached from a query or path parameters only). */
  private readonly parts = new Map<string, Set<RequestPart>>();
  private readonly named = new Map<string, string>();
  /** The name of each definition written, by its name in its file and its rewritten schema. */
  private readonly byContent = new Map<string, string>();

  constructor(private readonly files: Map<string, JsonSchema>) {}

  /** The definition name of file `id` (or of the part of it JSON pointer `pointer` names), added on first use. */
  add(id: string, part: RequestPart, pointer = ''): string {
    const key = `${id}#${pointer}`;
    const segments = pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    let name = this.named.get(key);
    const first = name === undefined;
    if (name === undefined) {
      name = typeName([id, ...segments.filter((s) => s !== '$defs')].join('-'));
      this.named.set(key, name);
    }
    const seen = this.parts.get(name) ?? new Set<RequestPart>();
    if (seen.has(part)) return name;
    seen.add(part);
    this.parts.set(name, seen);
    const file = this.files.get(id);
    if (!file) throw new Error(`No schema with $id ${id}`);
    let source: unknown = file;
    for (const segment of segments) source = isObject(source) ? source[segment] : undefined;
    if (!isObject(source)) throw new Error(`${id}: nothing at #${pointer}`);
    const { $id: _id, $defs: _defs, $schema: _schema, ...schema } = source;
    const before = this.defs.size;
    const body = this.rewrite(schema, id, part) as JsonSchema;
    if (!first) return name;
    // Official files each carry their own copy of shared definitions (`MemberRole`, a code
    // theme): a definition equal to one already written, under the same name in its file, is
    // that one. Not where the rewrite may have named this one already (a definition reaching itself).
    const text = JSON.stringify(body);
    const same = `${segments.at(-1) ?? id}\n${text}`;
    const earlier = this.byContent.get(same);
    if (earlier !== undefined && !text.includes(`/${name}"`) && [...this.defs.values()].slice(before).every((d) => !JSON.stringify(d).includes(`/${name}"`))) {
      this.named.set(key, earlier);
      this.parts.set(earlier, new Set([...(this.parts.get(earlier) ?? []), ...seen]));
      this.parts.delete(name);
      return earlier;
    }
    this.byContent.set(same, name);
    this.defs.set(name, { ...body, title: name });
    return name;
  }

  /** Whether definition `name` is reached only where defaults are filled in. */
  defaultsFilled(name: string): boolean {
    const parts = this.parts.get(name);
    return !!parts && !parts.has('body');
  }

  private rewrite(value: unknown, file: string, part: RequestPart): unknown {
    if (Array.isArray(value)) return value.map((item) => this.rewrite(item, file, part));
    if (!isObject(value)) return value;
    const out: Record<string, unknown> = {};
    // An object schema naming no property is any object: its values are unknown, not forbidden.
    if (value.type === 'object' && !('properties' in value) && !('additionalProperties' in value) && !('patternProperties' in value)) out.additionalProperties = true;
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') out.$ref = `#/$defs/${this.target(item, file, part)}`;
      // Words for people and the filler, not types: a title would name a type of its own.
      else if (key === 'title' || key === 'faker' || key === 'x-note' || key === 'x-official' || key === 'examples') continue;
      else if (key === 'const' || key === 'enum' || key === 'default') out[key] = item;
      // A map of names to schemas: a property may be called `default` or `title`.
      else if ((key === 'properties' || key === 'patternProperties') && isObject(item)) {
        out[key] = Object.fromEntries(Object.entries(item).map(([name, schema]) => [name, this.rewrite(schema, file, part)]));
      } else out[key] = this.rewrite(item, file, part);
    }
    return out;
  }

  /** The definition a `$ref` written in `file` names. */
  private target(ref: string, file: string, part: RequestPart): string {
    const [path, pointer = ''] = ref.split('#');
    return this.add(path === '' ? file : path.replace(/^\//, ''), part, pointer);
  }
}

/** Properties with a `default` become required, in place (the coercing validator fills them in). */
function requireDefaults(schema: unknown): void {
  if (Array.isArray(schema)) return schema.forEach(requireDefaults);
  if (!isObject(schema)) return;
  if (isObject(schema.properties)) {
    const withDefault = Object.entries(schema.properties).filter(([, p]) => isObject(p) && 'default' in p).map(([name]) => name);
    const required = new Set([...(Array.isArray(schema.required) ? (schema.required as string[]) : []), ...withDefault]);
    if (required.size) schema.required = [...required];
  }
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isObject(value)) Object.values(value).forEach(requireDefaults);
    else if (key !== 'const' && key !== 'enum' && key !== 'default') requireDefaults(value);
  }
}

/** The text of src/contract/request-types.ts. */
export async function requestTypesModule(ids: ReadonlyMap<string, RequestPart> = requestSchemaIds(), files = readSchemaFiles()): Promise<string> {
  const defs = new Definitions(files);
  const sorted = [...ids.keys()].sort();
  const roots = new Map(sorted.map((id) => [id, defs.add(id, ids.get(id)!)]));
  for (const [name, schema] of defs.defs) if (defs.defaultsFilled(name)) requireDefaults(schema);
  const document = {
    title: 'RequestTypes',
    description: 'The type of each request schema a row names, by its id: what the schema lets through, after the coercing validator of a query or path (types, defaults).',
    type: 'object',
    properties: Object.fromEntries([...roots].map(([id, name]) => [id, { $ref: `#/$defs/${name}` }])),
    required: sorted,
    additionalProperties: false,
    $defs: Object.fromEntries([...defs.defs].sort(([a], [b]) => a.localeCompare(b))),
  };
  const types = await compile(document as JSONSchema, 'RequestTypes', {
    bannerComment: '',
    additionalProperties: false,
    strictIndexSignatures: false,
    unknownAny: true,
    // `minItems: 1` as a tuple type ([string, ...string[]]) says little and reads badly.
    ignoreMinAndMaxItems: true,
    format: true,
    style: { singleQuote: true, printWidth: 140, semi: true, trailingComma: 'all' },
    $refOptions: { resolve: { external: false } },
  });
  // Object types as aliases, not interfaces: an alias is assignable to Record<string, unknown>
  // (handlers pass bodies on as JSON objects), an interface is not.
  const aliases = types.replace(/^export interface (\w+) \{$([\s\S]*?)^\}$/gm, 'export type $1 = {$2};');
  return [
    '/**',
    ' * Generated by `npm run schemas:types` (scripts/request-types.ts) from the request schemas of',
    ' * schemas/ that rows name: do not edit. `op()` (operation.ts) types a handler\'s params,',
    ' * query and body with them.',
    ' */',
    aliases.trim(),
    '',
    '/** Every schema id of `RequestTypes`, for the test that rows name only these. */',
    `export const REQUEST_SCHEMA_IDS: readonly (keyof RequestTypes)[] = ${JSON.stringify(sorted, null, 2).replace(/"/g, "'")};`,
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = await requestTypesModule();
  writeFileSync(OUT, text);
  process.stdout.write(`${requestSchemaIds().size} request schemas typed in src/contract/request-types.ts\n`);
}
