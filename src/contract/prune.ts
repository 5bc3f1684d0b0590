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

/**
 * A schema and the file it sits in (a local `#/$defs/x` is resolved in that file): one object per
 * schema (`Resolver.at`), numbered, so that a list of them can be named and its plan kept.
 */
interface At {
  schema: Json;
  file: string;
  n: number;
  /** What the walk reads of the schema, read at its first use (`Resolver.read`). */
  reading?: Reading;
}

/** The branches of a `oneOf` or `anyOf` that are schema objects; `loose`: it has another (`true`), which any value fits. */
interface Choice {
  branches: At[];
  loose: boolean;
}

/**
 * What the walk reads of a schema, read once: what it leads to (its reference, `allOf`, the
 * branches of its `oneOf` and `anyOf`, `then` and `else`) and what `fits` checks.
 */
interface Reading {
  ref: At | undefined;
  /** A reference that did not resolve: asked again each time (a file may be added later). */
  unresolved: string | undefined;
  allOf: At[];
  /** The branches of `oneOf`, then those of `anyOf` (each only when it is a list). */
  choices: Choice[];
  conditional: At[];
  type: unknown;
  hasConst: boolean;
  const: unknown;
  enum: unknown[] | undefined;
  required: unknown[] | undefined;
  /** The fields whose schema has a `const` or an `enum`: what tells branches apart. */
  discriminators: [string, Json][];
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

/**
 * The schemas that apply to one value (`applying`), and what they decide for its fields, worked
 * out at the first field of that name and kept: the same list of schemas makes the same decisions,
 * whatever the value.
 */
interface Applying {
  ats: readonly At[];
  /** Whether one of them describes an object's fields (else the object is free-form). */
  described: boolean;
  fields: Map<string, Field>;
}

/** A step of the tree of plans (`Resolver.plan`): the plan of the list that ends here, and the steps past it. */
interface PlanNode {
  plan?: Applying;
  readonly next: Map<number, PlanNode>;
}

/** What the schemas of an object decide for one of its fields. */
interface Field {
  /** The schemas of the field's value (none: it is kept as it is if `open`, else dropped). */
  subs: readonly At[];
  open: boolean;
  /** What applies to the field's value, when that does not depend on the value (no `oneOf`/`anyOf` in reach). */
  fixed: Applying | undefined;
}

/**
 * What a walk reads the schemas through, kept for every body pruned with the same schemas (a
 * pruner is made per set of schemas: `pruner`): references resolved, patterns compiled, one `At`
 * per schema, and the plans of the lists of schemas that applied.
 */
class Resolver {
  private readonly refs = new Map<string, At>();
  private readonly patterns = new Map<string, RegExp>();
  private readonly ats = new Map<string, WeakMap<Json, At>>();
  private count = 0;
  /**
   * The plans by list of schemas, as a tree keyed by each schema's number in turn: finding a
   * list's plan builds no key (a key of the numbers joined was a string a lookup, and a body
   * with a `oneOf` looks up a plan per value).
   */
  private readonly plans: PlanNode = { next: new Map() };
  /** What applies from a schema whose reach has no `oneOf`/`anyOf` (null: it has). */
  private readonly fixedFrom = new WeakMap<At, Applying | null>();

  constructor(private readonly lookup: SchemaLookup) {}

  /** The one `At` of `schema` in `file`. */
  at(schema: Json, file: string): At {
    let inFile = this.ats.get(file);
    if (!inFile) this.ats.set(file, (inFile = new WeakMap()));
    let at = inFile.get(schema);
    if (!at) inFile.set(schema, (at = { schema, file, n: this.count++ }));
    return at;
  }

  /** The schema a `$ref` names (`#/$defs/x` in the same file, `/common/user#/$defs/x` in another). */
  resolve(ref: string, from: string): At | undefined {
    // What resolves is kept; what does not is asked again (a file may be added later).
    const key = `${from}\u0000${ref}`;
    let at = this.refs.get(key);
    if (at) return at;
    const [name, fragment = ''] = ref.split('#');
    const file = name === '' ? from : name.replace(/^\//, '');
    const target = pointer(this.lookup(file), fragment);
    if (!isObject(target)) return undefined;
    this.refs.set(key, (at = this.at(target, file)));
    return at;
  }

  pattern(source: string): RegExp {
    let compiled = this.patterns.get(source);
    if (!compiled) this.patterns.set(source, (compiled = new RegExp(source, 'u')));
    return compiled;
  }

  /** What the walk reads of `at`'s schema (kept on it). */
  read(at: At): Reading {
    if (at.reading) {
      if (at.reading.unresolved !== undefined) at.reading.ref = this.resolve(at.reading.unresolved, at.file);
      return at.reading;
    }
    const s = at.schema;
    const inFile = (list: unknown): At[] => (Array.isArray(list) ? list.filter(isObject).map((sub) => this.at(sub, at.file)) : []);
    const ref = typeof s.$ref === 'string' ? this.resolve(s.$ref, at.file) : undefined;
    const properties = isObject(s.properties) ? Object.entries(s.properties) : [];
    at.reading = {
      ref,
      unresolved: typeof s.$ref === 'string' && !ref ? s.$ref : undefined,
      allOf: inFile(s.allOf),
      choices: [s.oneOf, s.anyOf].filter(Array.isArray).map((list: unknown[]) => ({ branches: inFile(list), loose: !list.every(isObject) })),
      conditional: inFile([s.then, s.else]),
      type: s.type,
      hasConst: 'const' in s,
      const: s.const,
      enum: Array.isArray(s.enum) ? s.enum : undefined,
      required: Array.isArray(s.required) ? s.required : undefined,
      discriminators: properties.filter((entry): entry is [string, Json] => isObject(entry[1]) && ('const' in entry[1] || Array.isArray(entry[1].enum))),
    };
    return at.reading;
  }

  /** The plan of a list of schemas: the same object for the same list. */
  plan(ats: At[]): Applying {
    let node = this.plans;
    for (let i = 0; i < ats.length; i++) {
      let next = node.next.get(ats[i].n);
      if (!next) node.next.set(ats[i].n, (next = { next: new Map() }));
      node = next;
    }
    if (!node.plan) {
      const described = ats.some(({ schema }) => 'properties' in schema || 'patternProperties' in schema || 'additionalProperties' in schema);
      node.plan = { ats, described, fields: new Map() };
    }
    return node.plan;
  }

  /** What applies to `value` from each of `from` in turn. */
  applying(from: readonly At[], value: unknown): Applying {
    const out: At[] = [];
    for (const at of from) applying(this, at, value, out);
    return this.plan(out);
  }

  /** What applies from each of `from` in turn when no `oneOf`/`anyOf` is in reach of any of them (the same for every value); else undefined. */
  fixed(from: readonly At[]): Applying | undefined {
    const out: At[] = [];
    for (const at of from) {
      let applies = this.fixedFrom.get(at);
      if (applies === undefined) this.fixedFrom.set(at, (applies = branchless(this, at) ? this.plan(applying(this, at, undefined, [])) : null));
      if (applies === null) return undefined;
      if (from.length === 1) return applies;
      out.push(...applies.ats);
    }
    return this.plan(out);
  }

  /** What the schemas of `plan` decide for field `key` (kept in the plan). */
  field(plan: Applying, key: string): Field {
    let field = plan.fields.get(key);
    if (field) return field;
    const subs: At[] = [];
    let open = !plan.described;
    for (const { schema, file } of plan.ats) {
      const named = isObject(schema.properties) && Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
      const patterns = isObject(schema.patternProperties) ? Object.entries(schema.patternProperties).filter(([pattern]) => this.pattern(pattern).test(key)) : [];
      if (named !== undefined || patterns.length) {
        if (isObject(named)) subs.push(this.at(named, file));
        else if (named === true) open = true;
        for (const [, sub] of patterns) if (isObject(sub)) subs.push(this.at(sub, file));
        continue;
      }
      if (schema.additionalProperties === true) open = true;
      else if (isObject(schema.additionalProperties)) subs.push(this.at(schema.additionalProperties, file));
    }
    plan.fields.set(key, (field = { subs, open, fixed: subs.length ? this.fixed(subs) : undefined }));
    return field;
  }
}

/** Whether no `oneOf`/`anyOf` is in reach of `at` (through `$ref`, `allOf`, `then`, `else`): what applies from it is then the same for every value. */
function branchless(lookup: Resolver, at: At, seen = new Set<At>()): boolean {
  if (seen.has(at)) return true;
  seen.add(at);
  const r = lookup.read(at);
  // A reference not resolved yet may resolve later (a file added): not fixed, asked each time.
  if (r.choices.length || r.unresolved !== undefined) return false;
  return [...(r.ref ? [r.ref] : []), ...r.allOf, ...r.conditional].every((part) => branchless(lookup, part, seen));
}

const TYPE_OF = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

function typeFits(type: unknown, value: unknown): boolean {
  if (type === undefined) return true;
  const actual = TYPE_OF(value);
  if (!Array.isArray(type)) return oneTypeFits(type, actual, value);
  for (const t of type) if (oneTypeFits(t, actual, value)) return true;
  return false;
}

function oneTypeFits(type: unknown, actual: string, value: unknown): boolean {
  return type === actual || (type === 'integer' && typeof value === 'number' && Number.isInteger(value));
}

/** Whether `value` may match branch `at`: the cheap checks that tell branches apart (a full check is the validator's). */
function fits(lookup: Resolver, at: At, value: unknown, depth = 0): boolean {
  if (depth > 32) return true;
  const r = lookup.read(at);
  if (!typeFits(r.type, value)) return false;
  if (r.hasConst && isObject(value) === false && r.const !== value) return false;
  if (r.enum && !isObject(value) && !Array.isArray(value) && !r.enum.includes(value)) return false;
  if (isObject(value)) {
    if (r.required) for (const name of r.required) if (typeof name !== 'string' || !Object.hasOwn(value, name)) return false;
    for (const [name, sub] of r.discriminators) {
      if (!Object.hasOwn(value, name)) continue;
      const field = value[name];
      if ('const' in sub && sub.const !== field) return false;
      if (Array.isArray(sub.enum) && !isObject(field) && !sub.enum.includes(field)) return false;
    }
  }
  if (r.ref && !fits(lookup, r.ref, value, depth + 1)) return false;
  for (const sub of r.allOf) if (!fits(lookup, sub, value, depth + 1)) return false;
  // Loops, not `every` and `some`: this runs for each branch of a `oneOf` on every body that has one.
  for (const { branches, loose } of r.choices) {
    if (loose) continue;
    let any = false;
    for (const sub of branches) if ((any = fits(lookup, sub, value, depth + 1))) break;
    if (!any) return false;
  }
  return true;
}

/**
 * Every schema that applies to `value` from `at`, added to `out`: itself, what it references, its
 * `allOf`, the branches it fits (all of them when it fits none), `then` and `else`. Each schema
 * once among those this call adds (from `start` on).
 */
function applying(lookup: Resolver, at: At, value: unknown, out: At[], start = out.length): At[] {
  for (let i = start; i < out.length; i++) if (out[i].schema === at.schema) return out;
  out.push(at);
  const r = lookup.read(at);
  if (r.ref) applying(lookup, r.ref, value, out, start);
  for (const part of r.allOf) applying(lookup, part, value, out, start);
  for (const { branches } of r.choices) {
    // The branches it fits, each as it is found (no list of them made: this runs for every body with a `oneOf`).
    let fitting = 0;
    for (const part of branches) {
      if (!fits(lookup, part, value)) continue;
      fitting++;
      applying(lookup, part, value, out, start);
    }
    if (fitting === 0) for (const part of branches) applying(lookup, part, value, out, start);
  }
  for (const part of r.conditional) applying(lookup, part, value, out, start);
  return out;
}

/** `a.b[0]` + `c` → `a.b[0].c`. */
const join = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : `${path}.${key}`);

function prune(lookup: Resolver, plan: Applying, value: unknown, path: string, dropped: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      const items: At[] = [];
      for (const { schema, file } of plan.ats) {
        const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems[i] : undefined;
        const sub = isObject(prefix) ? prefix : schema.items;
        if (isObject(sub)) items.push(lookup.at(sub, file));
      }
      prune(lookup, lookup.fixed(items) ?? lookup.applying(items, item), item, join(path, i), dropped);
    });
    return;
  }
  if (!isObject(value)) return;
  for (const key of Object.keys(value)) {
    if (UNSAFE_KEYS.has(key)) {
      delete value[key];
      dropped.push(join(path, key));
      continue;
    }
    const field = lookup.field(plan, key);
    if (field.subs.length) prune(lookup, field.fixed ?? lookup.applying(field.subs, value[key]), value[key], join(path, key), dropped);
    else if (!field.open) {
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
  const resolver = new Resolver(lookup);
  // The root of each schema id, once found (one body's pruning looked it up again each time).
  const roots = new Map<string, readonly At[]>();
  return (id, value, where = 'body') => {
    const dropped: string[] = [];
    let from = roots.get(id);
    if (!from) {
      const [file, fragment = ''] = id.split('#');
      const root = fragment === '' ? lookup(file) : resolver.resolve(`#${fragment}`, file)?.schema;
      if (!isObject(root)) return dropped;
      roots.set(id, (from = [resolver.at(root, file)]));
    }
    prune(resolver, resolver.fixed(from) ?? resolver.applying(from, value), value, where, dropped);
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
