/**
 * The boundary values the official document allows in a request, read from the document at
 * test time (node_modules/@gitbook/api): for every operation, its query parameters and body
 * varied one value at a time from a request the document accepts (numbers at their minimum
 * and fractional where the type is `number`, below zero where no minimum is set, empty strings
 * where no `minLength` is, empty arrays where no `minItems` is, one item at its own boundary,
 * null where the type allows it, each `oneOf`/`anyOf` branch), each kept only if the official
 * schema accepts it. For the generated test of test/api/fidelity/official-boundaries.test.ts.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import { walk } from '../../src/resources/generic/walker.ts';
import { officialSpec } from './official.ts';

type Schema = Record<string, any>;

/** The document's components with references written as the walker reads them (`#/$defs/Name`). */
const defs = JSON.parse(JSON.stringify(officialSpec.components.schemas).replaceAll('"#/components/schemas/', '"#/$defs/')) as Record<string, Schema>;
const local = <T>(schema: T): T => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"#/$defs/')) as T;

let ajv: Ajv2020 | undefined;
/** A validator of `schema` (references to the document's components), strict about nothing but the document. */
function validator(schema: Schema): ValidateFunction {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false });
    (formatsPlugin as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addFormat('emoji', true);
    ajv.addFormat('icon', true);
    ajv.addSchema({ $id: 'doc', $defs: defs });
  }
  return ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/$defs/', '"doc#/$defs/')) as Schema);
}

function resolve(schema: Schema | undefined): Schema {
  let out = schema ?? {};
  for (let i = 0; i < 32 && typeof out.$ref === 'string'; i++) out = defs[out.$ref.replace('#/$defs/', '')] ?? {};
  return out;
}

/** `allOf` parts folded into one schema: their properties and requirements. */
function flat(schema: Schema | undefined): Schema {
  const s = resolve(schema);
  if (!Array.isArray(s.allOf)) return s;
  const { allOf, ...rest } = s;
  const out: Schema = { ...rest, properties: { ...rest.properties }, required: [...(rest.required ?? [])] };
  for (const part of (allOf as Schema[]).map(flat)) {
    Object.assign(out.properties, part.properties);
    out.required.push(...(part.required ?? []));
    for (const key of ['type', 'oneOf', 'anyOf', 'additionalProperties']) if (part[key] !== undefined && out[key] === undefined) out[key] = part[key];
  }
  return out;
}

const types = (s: Schema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/**
 * Ids of the scenario for the fields of a body that name a record, by field name: a value the
 * walker makes up names nothing, and the mock (as the service) refuses a reference to nothing.
 * Only values the walker makes are filled: the boundary values themselves are sent as they are.
 */
export type References = Readonly<Record<string, string>>;

function filled(value: unknown, references: References): unknown {
  if (Array.isArray(value)) return value.map((item) => filled(item, references));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    const id = references[name];
    out[name] = id !== undefined && typeof field === 'string' ? id : id !== undefined && Array.isArray(field) && field.every((f) => typeof f === 'string') ? [id] : filled(field, references);
  }
  return out;
}

/** How deep a body is varied, and how many values one operation sends at most. */
const MAX_DEPTH = 4;
const MAX_CASES = 60;

/**
 * The boundary values of one schema, beside a value that fits it (`base`: varied inside, field
 * by field, when it is an object or an array).
 */
function boundaries(raw: Schema | undefined, base: unknown, depth: number, seed: string, refs: References): { what: string; value: unknown }[] {
  const made = (schema: Schema, at: string) => filled(walk(local(schema), undefined, { defs, seed: at }), refs);
  const s = flat(raw);
  const out: { what: string; value: unknown }[] = [];
  const alternatives = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (alternatives) {
    const { oneOf: _o, anyOf: _a, ...rest } = s;
    alternatives.forEach((branch, i) => {
      const merged = { allOf: [rest, branch] };
      out.push({ what: `branch ${i}`, value: made(merged, `${seed}:${i}`) });
      if (depth < MAX_DEPTH) out.push(...boundaries(merged, made(merged, `${seed}:${i}`), depth + 1, `${seed}:${i}`, refs).map((c) => ({ what: `branch ${i} ${c.what}`, value: c.value })));
    });
  }
  const kinds = types(s);
  if (kinds.includes('null')) out.push({ what: 'null', value: null });
  if (kinds.includes('string') && s.enum === undefined && s.const === undefined && !s.minLength) out.push({ what: '""', value: '' });
  if (Array.isArray(s.enum)) for (const value of s.enum) out.push({ what: JSON.stringify(value), value });
  if (kinds.includes('number') || kinds.includes('integer')) {
    const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 0.5 : -1);
    out.push({ what: String(low), value: low });
    if (kinds.includes('number')) out.push({ what: String(low + 1.5), value: low + 1.5 });
  }
  if (kinds.includes('array') && depth < MAX_DEPTH) {
    if (!s.minItems) out.push({ what: '[]', value: [] });
    const items = Array.isArray(base) && base.length ? base : [made(s.items ?? {}, seed)];
    for (const c of boundaries(s.items, items[0], depth + 1, `${seed}[]`, refs)) out.push({ what: `[${c.what}]`, value: [c.value, ...items.slice(1)] });
  }
  if ((kinds.includes('object') || s.properties) && depth < MAX_DEPTH) {
    const object = base && typeof base === 'object' && !Array.isArray(base) ? (base as Record<string, unknown>) : (made(s, seed) as Record<string, unknown>);
    for (const [name, property] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
      for (const c of boundaries(property, object?.[name], depth + 1, `${seed}.${name}`, refs)) out.push({ what: `.${name} ${c.what}`, value: { ...object, [name]: c.value } });
    }
  }
  return out;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}

export interface BoundaryCase {
  /** What was varied, for the failure message. */
  what: string;
  query: Record<string, string>;
  /** The body sent (undefined: the operation takes none). */
  body?: unknown;
}

/** `operationId`'s method, path (with `/v1`), and the requests of its boundary values. */
export function boundaryCases(operationId: string, references: References = {}): BoundaryCase[] {
  for (const item of Object.values(officialSpec.paths) as Record<string, any>[]) {
    for (const op of Object.values(item)) {
      if (op?.operationId !== operationId) continue;
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Schema) =>
        p.$ref ? (officialSpec as any).components.parameters[p.$ref.split('/').pop()] : p,
      ) as Parameter[];
      return cases(operationId, parameters.filter((p) => p.in === 'query'), op.requestBody?.content?.['application/json']?.schema, references);
    }
  }
  throw new Error(`No official operation ${operationId}`);
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function cases(operationId: string, query: Parameter[], rawBody: Schema | undefined, refs: References): BoundaryCase[] {
  const seed = `boundaries:${operationId}`;
  const baseQuery: Record<string, string> = {};
  for (const p of query) {
    if (!p.required) continue;
    baseQuery[p.name] = p.name === 'url' ? 'https://docs.acme.test/handbook' : asText(walk(local(p.schema ?? {}), undefined, { defs, seed: `${seed}:${p.name}` }));
  }
  const bodySchema = rawBody && local(rawBody);
  const baseBody = bodySchema && filled(walk(bodySchema, undefined, { defs, seed }), refs);
  const out: BoundaryCase[] = [{ what: 'as the document requires', query: baseQuery, body: baseBody }];
  for (const p of query) {
    const schema = local(p.schema ?? {});
    const fits = validator(schema);
    for (const c of boundaries(schema, undefined, MAX_DEPTH - 1, `${seed}:${p.name}`, refs)) {
      if (c.value === null || typeof c.value === 'object' || !fits(c.value)) continue;
      out.push({ what: `?${p.name}=${asText(c.value)}`, query: { ...baseQuery, [p.name]: String(c.value) }, body: baseBody });
    }
  }
  if (bodySchema) {
    const fits = validator(bodySchema);
    for (const c of boundaries(bodySchema, baseBody, 0, seed, refs)) if (fits(c.value)) out.push({ what: `body${c.what.startsWith('.') ? '' : ' '}${c.what}`, query: baseQuery, body: c.value });
  }
  // Spread over the whole request when there are many: every n-th.
  if (out.length <= MAX_CASES) return out;
  const step = out.length / MAX_CASES;
  return Array.from({ length: MAX_CASES }, (_, i) => out[Math.floor(i * step)]);
}
