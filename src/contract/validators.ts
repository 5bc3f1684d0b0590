/**
 * What a validator set offers the request path, and how its errors read. Two sets implement
 * it: the schemas compiled by ajv at run time (schemas.ts, the Node server) and the validators
 * compiled ahead of time into the browser build (msw/, where a page's Content-Security-Policy
 * forbids the `new Function` that ajv compiles with). Nothing here imports Node.
 */
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { errors } from './errors.ts';

/** A schema that takes any value: the browser build checks the generic tier's requests with it (scripts/build-msw.ts). */
export const ANY_VALUE_SCHEMA = 'common/any-value';

/** The base of every schema's absolute `$id` (ids are written short, like `spaces/space`). */
export const SCHEMA_BASE = 'https://gitbook-mock.local/';

export interface Validators {
  /** The strict validator of schema `id` (scenarios, states, responses in tests). */
  strictValidator(id: string): ValidateFunction;
  /** The validator of a request body: accepts the fields it does not know (`pruneBody` drops them). */
  bodyValidator(id: string): ValidateFunction;
  /** The coercing validator of schema `id` (path and query): mutates its input (types, defaults). */
  coercingValidator(id: string): ValidateFunction;
  /**
   * Drops from a body its validator let through (in place) every field schema `id` does not
   * name, at every depth (prune.ts), and gives their paths (`body.styling.junk`).
   */
  pruneBody(id: string, body: unknown): string[];
}

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

/** The keyword of an error made here: alternatives that each require one field, none given. */
const ONE_OF_REQUIRED = 'one of required';

/** One readable sentence for the first ajv error, naming the field. */
export function describeError(where: string, error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${fieldPath(where, error.instancePath, String(params.missingProperty))} is required`;
    case 'dependentRequired':
      return `${fieldPath(where, error.instancePath, String(params.missingProperty))} is required beside ${fieldPath(where, error.instancePath, String(params.property))}`;
    case 'additionalProperties':
      return `${fieldPath(where, error.instancePath, String(params.additionalProperty))} is not a known field`;
    case 'enum':
      return `${fieldPath(where, error.instancePath)} must be one of: ${(params.allowedValues as unknown[])
        .map((v) => JSON.stringify(v))
        .join(', ')}`;
    case 'const':
      return `${fieldPath(where, error.instancePath)} must be ${JSON.stringify(params.allowedValue)}`;
    case ONE_OF_REQUIRED: {
      const names = (params.missingProperties as string[]).map((name) => fieldPath(where, error.instancePath, name));
      return `${names.slice(0, -1).join(', ')} or ${names.at(-1)} is required`;
    }
    default:
      return `${fieldPath(where, error.instancePath)} ${error.message ?? 'is invalid'}`;
  }
}

/** Why `validate` refused the value it last checked: its first error, naming the field. */
export function firstRefusal(where: string, validate: ValidateFunction): string {
  const first = validate.errors?.[0];
  return first ? describeError(where, first) : `${where} is invalid`;
}

/** How many bad fields a refusal names (Prism names them all; a huge body would make a huge message). */
export const MAX_NAMED_FIELDS = 10;

/** The alternative (`anyOf`/`oneOf` branch index) an error comes from, as text, or undefined. */
function branchOf(branch: ErrorObject, e: ErrorObject): string | undefined {
  if (e === branch || !e.schemaPath.startsWith(`${branch.schemaPath}/`)) return undefined;
  return e.schemaPath.slice(branch.schemaPath.length + 1).split('/')[0];
}

/**
 * Where every alternative of an `anyOf`/`oneOf` failed only for want of one field of the value
 * (`{ "now" } | { "advance" } | { "frozen" }` given `{}`), one error naming them all
 * (`body.now, body.advance or body.frozen is required`); otherwise undefined.
 */
function eitherField(branch: ErrorObject, inside: readonly ErrorObject[]): ErrorObject | undefined {
  const indices = new Set(inside.map((e) => branchOf(branch, e)));
  const fits = inside.length > 1 && indices.size === inside.length && inside.every((e) => e.keyword === 'required' && e.instancePath === branch.instancePath);
  if (!fits) return undefined;
  const missingProperties = inside.map((e) => String((e.params as { missingProperty: unknown }).missingProperty));
  return { ...branch, keyword: ONE_OF_REQUIRED, params: { missingProperties } };
}

/**
 * The errors worth reading, one per field. Where a value fits none of the alternatives of an
 * `anyOf`/`oneOf`, only the errors of the alternative that got deepest into the value are
 * kept (the first on a tie), or one naming the field each alternative lacks (eitherField): the
 * others would name fields that only another alternative has. Where it fits more than one
 * alternative of a `oneOf`, that is the error, not what the others lack.
 */
function readableErrors(all: readonly ErrorObject[]): ErrorObject[] {
  const branches = all.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  const depth = (e: ErrorObject) => e.instancePath.split('/').length;
  const tooMany = (b: ErrorObject) => Array.isArray((b.params as { passingSchemas?: unknown }).passingSchemas);
  const chosen = new Map<ErrorObject, string>();
  const replaced = new Map<ErrorObject, ErrorObject>();
  for (const b of branches) {
    if (tooMany(b)) continue;
    const either = eitherField(b, all.filter((e) => branchOf(b, e) !== undefined));
    if (either) {
      replaced.set(b, either);
      continue;
    }
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
      return index === undefined || (!tooMany(b) && !replaced.has(b) && index === chosen.get(b));
    });
  }).map((e) => replaced.get(e) ?? e);
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
  const problem = problemOf(validate, value, where);
  if (problem !== undefined) throw errors.badRequest(problem);
}

/** What `validate` finds wrong with `value`, in the words of a 400 (`where`: the value's name); undefined when it passes. */
export function problemOf(validate: ValidateFunction, value: unknown, where: string): string | undefined {
  if (validate(value)) return undefined;
  const list = validate.errors ?? [];
  return list.length ? describeErrors(where, list) : `${where} is invalid`;
}
