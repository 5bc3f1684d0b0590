/**
 * The one ajv setup. Every JSON file under `schemas/` is added by its `$id` (written short,
 * like `spaces/space`; references are written from the root, like `/common/user`).
 * Two instances share the files: one coerces and applies defaults (path and query, where
 * every value arrives as text), the other is strict (bodies, state, scenarios). The ones for
 * requests collect every error, so a refusal names every bad field.
 * The compiled set is immutable, so it is built once per process and shared by apps.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { perProcess } from '../cache/caches.ts';
import { SCHEMA_BASE, type Validators } from './validators.ts';
import { PACKAGE_ROOT } from '../paths/package-paths.ts';
import { pruner, type Pruner } from './prune.ts';

export const SCHEMAS_DIR = fileURLToPath(new URL('schemas/', PACKAGE_ROOT));

export type JsonSchema = Record<string, unknown>;

/**
 * The official document's schemas in one file (npm run official-schemas), for the generic tier
 * (src/resources/generic/). Its validators live in a set of their own, built on the first
 * request that needs one: adding the file to the main set made every first request pay for it.
 */
export const GENERIC_SCHEMA = 'official/generic';
const GENERIC_PART = `${GENERIC_SCHEMA}#`;
// The prefix is written once: a template literal here made a new string on each request's lookup of its validators.
const isGeneric = (id: string) => id === GENERIC_SCHEMA || id.startsWith(GENERIC_PART);

/**
 * The schema files of a folder by `$id`, which is each file's path in it without `.json`
 * (`organizations/member` is `organizations/member.json`), read when first asked for: a request
 * needs a few of the 370 files, and reading and parsing them all took 70-100 ms of the first
 * request that needed a validator (issue 25). Going through them all reads the rest.
 */
export class SchemaFiles implements ReadonlyMap<string, JsonSchema> {
  private readonly ids: string[] = [];
  private readonly read = new Map<string, JsonSchema>();

  constructor(private readonly dir = SCHEMAS_DIR) {
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.json')) this.ids.push(relative(dir, path).split('\\').join('/').slice(0, -'.json'.length));
      }
    };
    walk(dir);
    this.ids.sort();
  }

  get size(): number {
    return this.ids.length;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  get(id: string): JsonSchema | undefined {
    const found = this.read.get(id);
    if (found || !this.ids.includes(id)) return found;
    const file = `${id}.json`;
    const schema = JSON.parse(readFileSync(join(this.dir, file), 'utf8')) as JsonSchema;
    if (schema.$id !== id) throw new Error(`${file}: its $id must be its path, ${id} (it is ${String(schema.$id)})`);
    this.read.set(id, schema);
    return schema;
  }

  *entries(): MapIterator<[string, JsonSchema]> {
    for (const id of this.ids) yield [id, this.get(id) as JsonSchema];
  }

  keys(): MapIterator<string> {
    return this.ids.values();
  }

  *values(): MapIterator<JsonSchema> {
    for (const [, schema] of this.entries()) yield schema;
  }

  [Symbol.iterator](): MapIterator<[string, JsonSchema]> {
    return this.entries();
  }

  forEach(fn: (schema: JsonSchema, id: string, map: ReadonlyMap<string, JsonSchema>) => void): void {
    for (const [id, schema] of this.entries()) fn(schema, id, this);
  }
}

/** Every schema file of a folder by `$id`, read now (build scripts and tests). */
export function readSchemaFiles(dir = SCHEMAS_DIR): Map<string, JsonSchema> {
  return new Map(new SchemaFiles(dir));
}

const require = createRequire(import.meta.url);

/**
 * ajv loads with the first validator a process needs, not at start (importing it was a sixth
 * of the start-up). Both packages are CommonJS, so a plain require does it synchronously;
 * ajv-formats' module.exports is the plugin function itself. `source`: each validator keeps its
 * code, for ajv's standalone modules (see Schemas.standaloneModule).
 */
function createAjv(coerce: boolean, allErrors = false, source = false, verbose = false): Ajv2020 {
  const { Ajv2020 } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const addFormats = require('ajv-formats') as (ajv: Ajv2020) => Ajv2020;
  const ajv = new Ajv2020({
    allErrors,
    verbose,
    strict: true,
    strictRequired: false,
    strictTypes: false,
    allowUnionTypes: true,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: coerce,
    ...(source && { code: { source: true, esm: true } }),
  });
  addFormats(ajv);
  // The official document names these formats; any short string is acceptable.
  ajv.addFormat('emoji', true);
  ajv.addFormat('icon', true);
  ajv.addKeyword({ keyword: 'faker' });
  ajv.addKeyword({ keyword: 'x-note' });
  ajv.addKeyword({ keyword: 'x-official' });
  return ajv;
}

/**
 * A copy of a schema for request bodies, which accept the fields they do not know (as the real
 * service does): `additionalProperties: false` goes everywhere, and the body is pruned of those
 * fields after it passed (prune.ts, which names them; ajv's `removeAdditional` dropped them in
 * silence, and not inside `oneOf`/`anyOf`, where it would drop the fields of the branch that
 * matches while trying one that does not). `oneOf` becomes `anyOf` (a body with fields of two
 * branches is accepted, not refused). The keys of `properties`, `patternProperties` and `$defs`
 * are names, not keywords: a field named `default` (a site's `codeTheme.default`) is a schema
 * like any other.
 */
export function lenientCopy(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map((item) => lenientCopy(item));
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' && value === false) continue;
    if (key === 'oneOf' || key === 'anyOf') out.anyOf = lenientCopy(value);
    else if (key === '$defs' || key === 'properties' || key === 'patternProperties') out[key] = namedSchemas(value);
    else if (key === 'const' || key === 'enum' || key === 'default' || key === 'examples') out[key] = value;
    else out[key] = lenientCopy(value);
  }
  return out;
}

/** The lenient copy of each schema of a map of names to schemas (`properties`, `$defs`). */
function namedSchemas(map: unknown): unknown {
  if (!map || typeof map !== 'object' || Array.isArray(map)) return lenientCopy(map);
  return Object.fromEntries(Object.entries(map).map(([name, schema]) => [name, lenientCopy(schema)]));
}

/**
 * The files a schema names with a `$ref` (written from the root: `/common/user#/$defs/x` names
 * `common/user`); references inside the file (`#/$defs/x`) name none.
 */
function referencedIds(schema: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) referencedIds(item, out);
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string') {
        if (value.startsWith('/')) out.add(value.slice(1).split('#')[0]);
      } else referencedIds(value, out);
    }
  }
  return out;
}

export class Schemas implements Validators {
  readonly ids: string[];

  /**
   * `source`: validators keep their code, for `standaloneModule` (build time only).
   *
   * Each of the three instances is made on its first validator, and gets the files that
   * validator needs (the schema and those it names, and theirs) rather than all 370: making
   * the instances and adding every file to each was 280 ms of the first request that needed
   * one, most often the first request a server got (a CPU profile of the CLI loading `large`
   * right after its listening line, issue 25). A file is added to an instance once.
   */
  constructor(
    readonly sources: ReadonlyMap<string, JsonSchema> = schemaSources(),
    private readonly source = false,
  ) {
    this.ids = [...sources.keys()].filter((id) => !isGeneric(id) || sources.size === 1);
  }

  private coercingAjv?: Ajv2020;
  private strictAjv?: Ajv2020;
  private lenientAjv?: Ajv2020;

  private get coercing(): Ajv2020 {
    return (this.coercingAjv ??= createAjv(true, true, this.source));
  }

  private get strict(): Ajv2020 {
    return (this.strictAjv ??= createAjv(false, false, this.source));
  }

  private get lenient(): Ajv2020 {
    return (this.lenientAjv ??= createAjv(false, true, this.source));
  }

  private reportingAjv?: Ajv2020;

  /** Strict, with every error and the schema of each (verbose): made only to report a refused file in full. */
  private get reporting(): Ajv2020 {
    return (this.reportingAjv ??= createAjv(false, true, false, true));
  }

  /** The files added to each instance, by id. */
  private readonly added = new Map<Ajv2020, Set<string>>();

  /**
   * Adds file `id` and every file it names, and theirs, to one instance (strict: a copy;
   * lenient: the lenient copy). Checking each file against the JSON Schema meta-schema took
   * 100 ms of every start; the files never change at run time, so compileAll (run by the
   * tests) checks them instead.
   */
  private add(ajv: Ajv2020, id: string): void {
    let added = this.added.get(ajv);
    if (!added) this.added.set(ajv, (added = new Set()));
    const pending = [id];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      if (added.has(next) || (isGeneric(next) && this.sources.size > 1)) continue;
      const schema = this.sources.get(next);
      if (!schema) continue;
      added.add(next);
      const absolute = { ...schema, $id: SCHEMA_BASE + next };
      if (ajv === this.coercingAjv) ajv.addSchema(absolute, undefined, undefined, false);
      else if (ajv === this.strictAjv || ajv === this.reportingAjv) ajv.addSchema(structuredClone(absolute), undefined, undefined, false);
      else ajv.addSchema(lenientCopy(absolute) as JsonSchema, undefined, undefined, false);
      pending.push(...referencedIds(schema, new Set()));
    }
  }

  /** Adds every file to one instance. */
  private fill(ajv: Ajv2020): void {
    for (const id of this.sources.keys()) this.add(ajv, id);
  }

  private genericSet?: Schemas;

  /** The set of the generic file alone, built on first use (see GENERIC_SCHEMA). */
  private generic(): Schemas {
    const schema = this.sources.get(GENERIC_SCHEMA);
    if (!schema) throw new Error(`No schema with $id ${GENERIC_SCHEMA}`);
    return (this.genericSet ??= new Schemas(new Map([[GENERIC_SCHEMA, schema]])));
  }

  /** The strict validator of schema `id` (compiled on first use, then cached by ajv). */
  strictValidator(id: string): ValidateFunction {
    if (isGeneric(id) && this.sources.size > 1) return this.generic().strictValidator(id);
    return this.get(this.strict, id);
  }

  /**
   * The strict validator of schema `id` that keeps every error, each with its schema: to say all
   * that is wrong with a file the strict validator refused (scenarios/scenario-problems.ts).
   */
  reportingValidator(id: string): ValidateFunction {
    return this.get(this.reporting, id);
  }

  /**
   * The validator of a request body: strict about the fields it knows, and accepts those it does
   * not know, which the real service ignores (`pruneBody` then drops them).
   */
  bodyValidator(id: string): ValidateFunction {
    if (isGeneric(id) && this.sources.size > 1) return this.generic().bodyValidator(id);
    return this.get(this.lenient, id);
  }

  /** The coercing validator of schema `id`: mutates its input (types, defaults). */
  coercingValidator(id: string): ValidateFunction {
    if (isGeneric(id) && this.sources.size > 1) return this.generic().coercingValidator(id);
    return this.get(this.coercing, id);
  }

  /** Drops the fields schema `id` does not name from a body, at every depth (prune.ts); the paths dropped. */
  pruneBody(id: string, body: unknown): string[] {
    this.bodyPruner ??= pruner((file) => this.sources.get(file));
    return this.bodyPruner(id, body);
  }

  /** Made at the first body pruned; it keeps the references it resolved for the next ones. */
  private bodyPruner?: Pruner;

  /**
   * The ES module source of validators of one instance, as ajv's standalone code: `exports` maps
   * each export name to a schema id. The browser build (scripts/build-msw.ts) compiles its
   * validators ahead of time with it, since a page's Content-Security-Policy may forbid the
   * `new Function` ajv compiles with. Needs a set made with `source`.
   */
  standaloneModule(kind: 'coercing' | 'body' | 'strict', exports: Record<string, string>): string {
    const { default: standaloneCode } = require('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js');
    const ajv = { coercing: this.coercing, body: this.lenient, strict: this.strict }[kind];
    this.fill(ajv);
    return standaloneCode(ajv, Object.fromEntries(Object.entries(exports).map(([name, id]) => [name, SCHEMA_BASE + id])));
  }

  /** Checks every schema against the meta-schema and compiles it in both instances (tests). */
  compileAll(): void {
    // The generic file is written by a script from the official document, and its validators
    // compile as the generic tier's answers are checked (test/api/generic/generic.test.ts).
    for (const [id, schema] of this.sources) {
      if (isGeneric(id) && this.sources.size > 1) continue;
      if (!this.strict.validateSchema(schema)) throw new Error(`${id}: ${this.strict.errorsText(this.strict.errors)}`);
    }
    for (const id of this.ids) {
      this.strictValidator(id);
      this.coercingValidator(id);
      this.bodyValidator(id);
    }
  }

  /** Validators found, by instance and id: ajv's getSchema resolves the id again on every call. */
  private readonly found = new Map<Ajv2020, Map<string, ValidateFunction>>();

  private get(ajv: Ajv2020, id: string): ValidateFunction {
    let byId = this.found.get(ajv);
    if (!byId) this.found.set(ajv, (byId = new Map()));
    let validate = byId.get(id);
    if (validate) return validate;
    this.add(ajv, id.split('#')[0]);
    validate = ajv.getSchema(SCHEMA_BASE + id);
    if (!validate) throw new Error(`No schema with $id ${id}`);
    byId.set(id, validate);
    return validate;
  }
}

/** The files of `schemas/`, read once per process (the filler reads them without ajv; cache/caches.ts). */
export const schemaSources: () => ReadonlyMap<string, JsonSchema> = perProcess(() => new SchemaFiles());

/**
 * The process-wide set of `schemas/` (immutable once built; cache/caches.ts). The registrar
 * compiles the validators of every operation when an app is built; other schemas (resources,
 * used by tests and documentation) compile on first use, which keeps the server's memory down.
 */
export const sharedSchemas: () => Schemas = perProcess(() => new Schemas());

// What validates and explains a value, beside the compiled set (validators.ts: the browser build has them too).
export { check, describeError, describeErrors, fieldPath, MAX_NAMED_FIELDS, SCHEMA_BASE, type Validators } from './validators.ts';
