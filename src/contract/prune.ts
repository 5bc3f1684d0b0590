/**
 * Drops from a request body, in place, every field its schema does not name, at every depth:
 * what the real service ignores is never stored. It runs once the body passed its validator
 * (which accepts unknown fields: schemas.ts, lenientCopy), and reads the schema as written:
 *
 * - an object a schema describes (`properties`, `patternProperties` or `additionalProperties`)
 *   keeps the fields they name, and `additionalProperties` (true or a schema) keeps the rest;
 *   one no schema describes (`{ "type": "object" }`) is free-form and keeps them all;
 * - of `oneOf`/`anyOf`, the branches the value fits (type, required fields, `const`/`enum` of
 *   its fields) name fields; where none seems to, all do (nothing a matching branch names goes);
 * - `__proto__`, `constructor` and `prototype` go everywhere, free-form objects included.
 *
 * Pure: the schemas come from `lookup` (a file by id), references are resolved here.
 */
type Json = Record<string, unknown>;

/** A file of schemas by id (`spaces/space-update`, `official/generic`). */
export type SchemaLookup = (id: string) => Json | undefined;

/** A schema and the file it sits in (a local `#/$defs/x` is resolved in that file). */
interface At {
  schema: Json;
  file: string;
}

/** Keys that reach an object's prototype: never kept, whatever a schema says. */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function pointer(root: unknown, path: string): unknown {
  let node = root;
  for (const raw of path.split('/').slice(1)) {
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = Object.hasOwn(node, part) ? (node as Json)[part] : undefined;
  }
  return node;
}

/** The schema a `$ref` names (`#/$defs/x` in the same file, `/common/user#/$defs/x` in another). */
function resolveRef(lookup: SchemaLookup, ref: string, from: string): At | undefined {
  const [name, fragment = ''] = ref.split('#');
  const file = name === '' ? from : name.replace(/^\//, '');
  const target = pointer(lookup(file), fragment);
  return isObject(target) ? { schema: target, file } : undefined;
}

/**
 * What a walk reads the schemas through: references resolved and patterns compiled once, for
 * every body pruned with the same schemas (a pruner is made per set of schemas: `pruner`).
 */
interface Resolver {
  resolve(ref: string, from: string): At | undefined;
  pattern(source: string): RegExp;
}

function resolverOf(lookup: SchemaLookup): Resolver {
  const refs = new Map<string, At>();
  const patterns = new Map<string, RegExp>();
  return {
    resolve(ref, from) {
      // What resolves is kept; what does not is asked again (a file may be added later).
      const key = `${from}\u0000${ref}`;
      let at = refs.get(key);
      if (!at && (at = resolveRef(lookup, ref, from))) refs.set(key, at);
      return at;
    },
    pattern(source) {
      let compiled = patterns.get(source);
      if (!compiled) patterns.set(source, (compiled = new RegExp(source, 'u')));
      return compiled;
    },
  };
}

const TYPE_OF = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

function typeFits(type: unknown, value: unknown): boolean {
  if (type === undefined) return true;
  const actual = TYPE_OF(value);
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => t === actual || (t === 'integer' && typeof value === 'number' && Number.isInteger(value)));
}

/** Whether `value` may match branch `at`: the cheap checks that tell branches apart (a full check is the validator's). */
function fits(lookup: Resolver, at: At, value: unknown, depth = 0): boolean {
  const s = at.schema;
  if (depth > 32) return true;
  if (!typeFits(s.type, value)) return false;
  if ('const' in s && isObject(value) === false && s.const !== value) return false;
  if (Array.isArray(s.enum) && !isObject(value) && !Array.isArray(value) && !s.enum.includes(value)) return false;
  if (isObject(value)) {
    if (Array.isArray(s.required) && !s.required.every((name) => typeof name === 'string' && Object.hasOwn(value, name))) return false;
    if (isObject(s.properties)) {
      for (const [name, sub] of Object.entries(s.properties)) {
        if (!Object.hasOwn(value, name) || !isObject(sub)) continue;
        const field = value[name];
        if ('const' in sub && sub.const !== field) return false;
        if (Array.isArray(sub.enum) && !isObject(field) && !sub.enum.includes(field)) return false;
      }
    }
  }
  if (typeof s.$ref === 'string') {
    const target = lookup.resolve(s.$ref, at.file);
    if (target && !fits(lookup, target, value, depth + 1)) return false;
  }
  if (Array.isArray(s.allOf) && !s.allOf.every((sub) => !isObject(sub) || fits(lookup, { schema: sub, file: at.file }, value, depth + 1))) return false;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = s[key];
    if (Array.isArray(branches) && !branches.some((sub) => !isObject(sub) || fits(lookup, { schema: sub, file: at.file }, value, depth + 1))) return false;
  }
  return true;
}

/** Every schema that applies to `value` from `at`: itself, what it references, its `allOf`, the branches it fits. */
function applying(lookup: Resolver, at: At, value: unknown, out: At[], seen = new Set<Json>()): At[] {
  if (seen.has(at.schema)) return out;
  seen.add(at.schema);
  out.push(at);
  const s = at.schema;
  const inFile = (sub: unknown): At | undefined => (isObject(sub) ? { schema: sub, file: at.file } : undefined);
  if (typeof s.$ref === 'string') {
    const target = lookup.resolve(s.$ref, at.file);
    if (target) applying(lookup, target, value, out, seen);
  }
  const parts: At[] = [];
  if (Array.isArray(s.allOf)) parts.push(...s.allOf.map(inFile).filter((x) => x !== undefined));
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = Array.isArray(s[key]) ? s[key].map(inFile).filter((x) => x !== undefined) : [];
    const fitting = branches.filter((b) => fits(lookup, b, value));
    parts.push(...(fitting.length ? fitting : branches));
  }
  for (const key of ['then', 'else'] as const) {
    const sub = inFile(s[key]);
    if (sub) parts.push(sub);
  }
  for (const part of parts) applying(lookup, part, value, out, seen);
  return out;
}

/** `a.b[0]` + `c` → `a.b[0].c`. */
const join = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : `${path}.${key}`);

function prune(lookup: Resolver, from: readonly At[], value: unknown, path: string, dropped: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      const items: At[] = [];
      for (const { schema, file } of from) {
        const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems[i] : undefined;
        const sub = isObject(prefix) ? prefix : schema.items;
        if (isObject(sub)) items.push({ schema: sub, file });
      }
      prune(lookup, items.flatMap((at) => applying(lookup, at, item, [])), item, join(path, i), dropped);
    });
    return;
  }
  if (!isObject(value)) return;
  const described = from.some(({ schema }) => 'properties' in schema || 'patternProperties' in schema || 'additionalProperties' in schema);
  for (const key of Object.keys(value)) {
    if (UNSAFE_KEYS.has(key)) {
      delete value[key];
      dropped.push(join(path, key));
      continue;
    }
    const subs: At[] = [];
    let open = !described;
    for (const { schema, file } of from) {
      const named = isObject(schema.properties) && Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
      const patterns = isObject(schema.patternProperties) ? Object.entries(schema.patternProperties).filter(([pattern]) => lookup.pattern(pattern).test(key)) : [];
      if (named !== undefined || patterns.length) {
        if (isObject(named)) subs.push({ schema: named, file });
        else if (named === true) open = true;
        for (const [, sub] of patterns) if (isObject(sub)) subs.push({ schema: sub, file });
        continue;
      }
      if (schema.additionalProperties === true) open = true;
      else if (isObject(schema.additionalProperties)) subs.push({ schema: schema.additionalProperties, file });
    }
    if (subs.length) prune(lookup, subs.flatMap((at) => applying(lookup, at, value[key], [])), value[key], join(path, key), dropped);
    else if (!open) {
      delete value[key];
      dropped.push(join(path, key));
    }
  }
}

/** Drops from `value` (in place) the fields the schema does not name; gives their paths, prefixed by `where`. */
export type Pruner = (id: string, value: unknown, where?: string) => string[];

/**
 * A pruner over the schemas of `lookup`: drops from `value` (in place) the fields schema `id`
 * does not name, at every depth, and gives their paths (`body.styling.junk`,
 * `body.rules[0].junk`), prefixed by `where`. It keeps what it resolved for the next body, so
 * make one per set of schemas that do not change.
 */
export function pruner(lookup: SchemaLookup): Pruner {
  const resolver = resolverOf(lookup);
  return (id, value, where = 'body') => {
    const dropped: string[] = [];
    const [file, fragment = ''] = id.split('#');
    const root = fragment === '' ? lookup(file) : resolver.resolve(`#${fragment}`, file)?.schema;
    if (!isObject(root)) return dropped;
    const at: At = { schema: root, file };
    prune(resolver, applying(resolver, at, value, []), value, where, dropped);
    return dropped;
  };
}

/** `pruner(lookup)` for one body: what its schema `id` does not name is dropped (in place), and the paths given. */
export function pruneUnknown(lookup: SchemaLookup, id: string, value: unknown, where = 'body'): string[] {
  return pruner(lookup)(id, value, where);
}

/** Keywords whose value is a schema (or a list of schemas) that `pruneUnknown` walks. */
const SCHEMA_KEYWORDS = new Set(['additionalProperties', 'items', 'then', 'else', 'allOf', 'oneOf', 'anyOf', 'prefixItems']);
/** Keywords whose value maps names to schemas. */
const MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs']);
/** Keywords `pruneUnknown` reads as they are. */
const VALUE_KEYWORDS = new Set(['$ref', 'type', 'required', 'const', 'enum']);

/**
 * A schema file with only what `pruneUnknown` reads (the structure of fields, and what tells
 * `oneOf`/`anyOf` branches apart): pruning with it drops the same fields as with the file.
 * The browser build carries these (scripts/build-msw.ts), a fraction of the files' size.
 */
export function pruningSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(pruningSchema);
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (VALUE_KEYWORDS.has(key)) out[key] = value;
    else if (SCHEMA_KEYWORDS.has(key)) out[key] = pruningSchema(value);
    else if (MAP_KEYWORDS.has(key) && isObject(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, pruningSchema(sub)]));
  }
  return out;
}
