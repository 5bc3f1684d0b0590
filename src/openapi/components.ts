/**
 * The JSON Schemas of `schemas/` as OpenAPI 3.1 components: each file becomes
 * `components.schemas["<folder>.<name>"]`, and its references are rewritten to point there
 * (`/common/user` → `#/components/schemas/common.user`, `#/$defs/x` → the file's own
 * component). Our own keywords (`faker`) go; `x-` keywords are allowed extensions and stay.
 */
import type { JsonSchema } from '../contract/schemas.ts';

export function componentName(id: string): string {
  return id.replace(/\//g, '.');
}

/** `official/generic#/$defs/X` points into the component of its file: `#/components/schemas/official.generic/$defs/X`. */
export function componentRef(id: string): string {
  const [file, pointer = ''] = id.split('#');
  return `#/components/schemas/${componentName(file)}${pointer}`;
}

/** The schema an id names, following a fragment into its file. */
function schemaAt(sources: ReadonlyMap<string, JsonSchema>, id: string): JsonSchema | undefined {
  const [file, pointer] = id.split('#');
  let out: unknown = sources.get(file);
  for (const part of (pointer ?? '').split('/').slice(1)) out = (out as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return out as JsonSchema | undefined;
}

function rewriteRef(ref: string, ownId: string): string {
  const hash = ref.indexOf('#');
  const file = hash === -1 ? ref : ref.slice(0, hash);
  const pointer = hash === -1 ? '' : ref.slice(hash + 1);
  const id = file === '' ? ownId : file.replace(/^\//, '');
  return componentRef(id) + pointer;
}

/** `names`: the keys are property names (under `properties`: a property may be called `default`). */
function convert(value: unknown, ownId: string, names = false): unknown {
  if (Array.isArray(value)) return value.map((item) => convert(item, ownId));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    // (A property called `$id` or `$schema` goes too: OpenAPI tools would read it as the keyword.)
    if (key === '$id' || key === '$schema' || (!names && key === 'faker')) continue;
    else if (names) out[key] = convert(child, ownId);
    else if (key === 'properties') out[key] = convert(child, ownId, true);
    else if (key === '$ref' && typeof child === 'string') out.$ref = rewriteRef(child, ownId);
    else if (key === 'const' || key === 'enum' || key === 'default' || key === 'examples') out[key] = child;
    else out[key] = convert(child, ownId);
  }
  return out;
}

/**
 * A component whose top level is a `$ref` beside `$defs`: the `$ref` moves into `allOf`, because
 * OpenAPI resolvers follow a top-level `$ref` before walking a pointer such as
 * `.../sites.customization-input/$defs/X` through the component, and then find no `$defs`.
 */
function refInAllOf(schema: Record<string, unknown>): Record<string, unknown> {
  if (typeof schema.$ref !== 'string' || !schema.$defs) return schema;
  const { $ref, ...rest } = schema;
  return { ...rest, allOf: [{ $ref }] };
}

/** Every schema file but the scenario and state formats (they are not part of the API). */
export function schemaComponents(sources: ReadonlyMap<string, JsonSchema>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [id, schema] of [...sources].sort(([a], [b]) => a.localeCompare(b))) {
    if (!id.includes('/')) continue;
    out[componentName(id)] = refInAllOf(convert(schema, id) as Record<string, unknown>);
  }
  return out;
}

/**
 * The top-level properties of schema `id`, following `allOf` and `$ref` (query and path
 * schemas are flat objects, sometimes composed from shared parts such as pagination).
 */
export function propertiesOf(sources: ReadonlyMap<string, JsonSchema>, id: string): { name: string; schema: unknown; required: boolean }[] {
  const found = new Map<string, { schema: unknown; required: boolean }>();
  const visit = (schema: JsonSchema | undefined, ownId: string) => {
    if (!schema) return;
    if (typeof schema.$ref === 'string') {
      const [file, pointer] = schema.$ref.split('#');
      const target = file.replace(/^\//, '') || ownId;
      visit(schemaAt(sources, pointer ? `${target}#${pointer}` : target), target);
    }
    for (const part of (schema.allOf as JsonSchema[] | undefined) ?? []) visit(part, ownId);
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, child] of Object.entries((schema.properties as Record<string, unknown> | undefined) ?? {})) {
      found.set(name, { schema: convert(child, ownId), required: required.has(name) });
    }
  };
  visit(schemaAt(sources, id), id.split('#')[0]);
  return [...found].map(([name, entry]) => ({ name, ...entry }));
}
