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
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { perProcess } from '../cache/caches.ts';
import { errors } from './errors.ts';

export const SCHEMA_BASE = 'https://gitbook-mock.local/';
export const SCHEMAS_DIR = fileURLToPath(new URL('../../schemas/', import.meta.url));

export type JsonSchema = Record<string, unknown>;

export function readSchemaFiles(dir = SCHEMAS_DIR): Map<string, JsonSchema> {
  const out = new Map<string, JsonSchema>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json')) {
        const schema = JSON.parse(readFileSync(path, 'utf8')) as JsonSchema;
        const id = schema.$id;
        if (typeof id !== 'string') throw new Error(`${relative(dir, path)}: schema has no $id`);
        if (out.has(id)) throw new Error(`${relative(dir, path)}: duplicate $id ${id}`);
        out.set(id, schema);
      }
    }
  };
  walk(dir);
  return out;
}

const require = createRequire(import.meta.url);

/**
 * ajv loads with the first validator a process needs, not at start (importing it was a sixth
 * of the start-up). Both packages are CommonJS, so a plain require does it synchronously;
 * ajv-formats' module.exports is the plugin function itself.
 */
function createAjv(coerce: boolean, prune = false, allErrors = false): Ajv2020 {
  const { Ajv2020 } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const addFormats = require('ajv-formats') as (ajv: Ajv2020) => Ajv2020;
  const ajv = new Ajv2020({
    removeAdditional: prune,
    allErrors,
    strict: true,
    strictRequired: false,
    strictTypes: false,
    allowUnionTypes: true,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: coerce,
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
 * A copy of a schema for request bodies, which accept and drop fields they do not know (as the
 * real service does). ajv's `removeAdditional` drops them where `additionalProperties` is false,
 * but inside `oneOf`/`anyOf` it would also drop them from a branch that then fails, losing fields
 * the next branch needs; so there the keyword goes (unknown fields stay and are ignored) and
 * `oneOf` becomes `anyOf` (a body with fields of two branches is accepted, not refused).
 */
export function lenientCopy(schema: unknown, inBranch = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => lenientCopy(item, inBranch));
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' && value === false && inBranch) continue;
    if (key === 'oneOf' || key === 'anyOf') out.anyOf = lenientCopy(value, true);
    else if (key === 'const' || key === 'enum' || key === 'default' || key === 'examples') out[key] = value;
    else out[key] = lenientCopy(value, inBranch);
  }
  return out;
}

export class Schemas {
  private readonly coercing = createAjv(true, false, true);
  private readonly strict = createAjv(false);
  private readonly lenient = createAjv(false, true, true);
  readonly ids: string[];

  constructor(readonly sources: Map<string, JsonSchema> = schemaSources()) {
    // Checking each file against the JSON Schema meta-schema took 100 ms of every start; the
    // files never change at run time, so compileAll (run by the tests) checks them instead.
    for (const [id, schema] of sources) {
      const absolute = { ...schema, $id: SCHEMA_BASE + id };
      this.coercing.addSchema(absolute, undefined, undefined, false);
      this.strict.addSchema(structuredClone(absolute), undefined, undefined, false);
      this.lenient.addSchema(lenientCopy(absolute) as JsonSchema, undefined, undefined, false);
    }
    this.ids = [...sources.keys()];
  }

  /** The strict validator of schema `id` (compiled on first use, then cached by ajv). */
  strictValidator(id: string): ValidateFunction {
    return this.get(this.strict, id);
  }

  /**
   * The validator of a request body: strict about the fields it knows, and removes (from its
   * input) the fields it does not know, which the real service ignores.
   */
  bodyValidator(id: string): ValidateFunction {
    return this.get(this.lenient, id);
  }

  /** The coercing validator of schema `id`: mutates its input (types, defaults). */
  coercingValidator(id: string): ValidateFunction {
    return this.get(this.coercing, id);
  }

  /** Checks every schema against the meta-schema and compiles it in both instances (tests). */
  compileAll(): void {
    for (const [id, schema] of this.sources) {
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
    validate = ajv.getSchema(SCHEMA_BASE + id);
    if (!validate) throw new Error(`No schema with $id ${id}`);
    byId.set(id, validate);
    return validate;
  }
}

/** The files of `schemas/`, read once per process (the filler reads them without ajv; cache/caches.ts). */
export const schemaSources: () => Map<string, JsonSchema> = perProcess(() => readSchemaFiles());

/**
 * The process-wide set of `schemas/` (immutable once built; cache/caches.ts). The registrar
 * compiles the validators of every operation when an app is built; other schemas (resources,
 * used by tests and documentation) compile on first use, which keeps the server's memory down.
 */
export const sharedSchemas: () => Schemas = perProcess(() => new Schemas());

/** `/a/b/0` → `a.b[0]`, prefixed by where the value came from. */
export function fieldPath(where: string, instancePath: string, extra?: string): string {
  let out = where;
  const parts = instancePath.split('/').slice(1);
  if (extra !== undefined) parts.push(extra);
  for (const raw of parts) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(part) ? `[${part}]` : `.${part}`;
  }
  return out;
}

/** One readable sentence for the first ajv error, naming the field. */
export function describeError(where: string, error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${fieldPath(where, error.instancePath, String(params.missingProperty))} is required`;
    case 'additionalProperties':
      return `${fieldPath(where, error.instancePath, String(params.additionalProperty))} is not a known field`;
    case 'enum':
      return `${fieldPath(where, error.instancePath)} must be one of: ${(params.allowedValues as unknown[])
        .map((v) => JSON.stringify(v))
        .join(', ')}`;
    case 'const':
      return `${fieldPath(where, error.instancePath)} must be ${JSON.stringify(params.allowedValue)}`;
    default:
      return `${fieldPath(where, error.instancePath)} ${error.message ?? 'is invalid'}`;
  }
}

/** How many bad fields a refusal names (Prism names them all; a huge body would make a huge message). */
export const MAX_NAMED_FIELDS = 10;

/** The alternative (`anyOf`/`oneOf` branch index) an error comes from, as text, or undefined. */
function branchOf(branch: ErrorObject, e: ErrorObject): string | undefined {
  if (e === branch || !e.schemaPath.startsWith(`${branch.schemaPath}/`)) return undefined;
  return e.schemaPath.slice(branch.schemaPath.length + 1).split('/')[0];
}

/**
 * The errors worth reading, one per field. Where a value fits none of the alternatives of an
 * `anyOf`/`oneOf`, only the errors of the alternative that got deepest into the value are
 * kept (the first on a tie): the others would name fields that only another alternative has.
 */
function readableErrors(all: readonly ErrorObject[]): ErrorObject[] {
  const branches = all.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  const depth = (e: ErrorObject) => e.instancePath.split('/').length;
  const chosen = new Map<ErrorObject, string>();
  for (const b of branches) {
    let best: { index: string; depth: number } | undefined;
    for (const e of all) {
      const index = branchOf(b, e);
      if (index !== undefined && (!best || depth(e) > best.depth)) best = { index, depth: depth(e) };
    }
    if (best) chosen.set(b, best.index);
  }
  const kept = all.filter((e) => {
    if (chosen.has(e)) return false;
    return branches.every((b) => {
      const index = branchOf(b, e);
      return index === undefined || index === chosen.get(b);
    });
  });
  const seen = new Set<string>();
  return kept.filter((e) => {
    const key = describeError('', e).split(' ')[0];
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** One sentence naming every bad field (up to MAX_NAMED_FIELDS), joined by "; ". */
export function describeErrors(where: string, all: readonly ErrorObject[]): string {
  const list = readableErrors(all);
  const named = list.slice(0, MAX_NAMED_FIELDS).map((e) => describeError(where, e));
  if (list.length > MAX_NAMED_FIELDS) named.push(`and ${list.length - MAX_NAMED_FIELDS} more`);
  return named.join('; ');
}

/** Validates `value` and throws a 400 naming every bad field when it does not pass. */
export function check(validate: ValidateFunction, value: unknown, where: string): void {
  if (!validate(value)) {
    const list = validate.errors ?? [];
    throw errors.badRequest(list.length ? describeErrors(where, list) : `${where} is invalid`);
  }
}
