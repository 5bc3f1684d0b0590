/**
 * Adaptive content: the visitor schema of a site is a JSON schema of claims (top-level ones
 * are signed; those under `unsigned` are not), of the official claim types: boolean, string
 * (optionally an enum), number, array of those, and objects of further claims. Template
 * conditions are derived from it, as expressions a section or site space can use.
 */

export type ClaimType = 'boolean' | 'string' | 'number' | 'array' | 'object';

export interface Claim {
  /** The claim's name, and for a claim nested in object claims, the names above it. */
  path: string[];
  name: string;
  description: string;
  signed: boolean;
  type: ClaimType;
  /** The allowed values of a string claim, or of the items of an array claim. */
  values?: string[];
}

export interface TemplateCondition {
  description: string;
  condition: string;
}

type Json = Record<string, unknown>;

function asObject(value: unknown): Json {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

/**
 * A claim keeping only the keys its type has (the request schema lets unknown keys through
 * inside its alternatives; the real service drops them).
 */
export function cleanClaim(claim: unknown): Json {
  const c = asObject(claim);
  const out: Json = { type: c.type, description: c.description };
  if (c.type === 'string' && stringList(c.enum)) out.enum = stringList(c.enum);
  if (c.type === 'array') out.items = cleanClaim(c.items);
  if (c.type === 'object') {
    out.properties = Object.fromEntries(Object.entries(asObject(c.properties)).map(([k, v]) => [k, cleanClaim(v)]));
    out.additionalProperties = false;
  }
  return out;
}

/** The visitor schema with every claim cleaned (see cleanClaim). */
export function cleanVisitorSchema(jsonSchema: Json): Json {
  const props = asObject(jsonSchema.properties);
  const cleaned: Json = {};
  for (const [name, value] of Object.entries(props)) {
    if (name !== 'unsigned') cleaned[name] = cleanClaim(value);
  }
  if (props.unsigned !== undefined) {
    const unsigned = asObject(props.unsigned);
    cleaned.unsigned = {
      type: 'object',
      description: unsigned.description,
      properties: Object.fromEntries(Object.entries(asObject(unsigned.properties)).map(([k, v]) => [k, cleanClaim(v)])),
      additionalProperties: false,
    };
  }
  const { $schema, $id } = jsonSchema;
  return { ...($schema !== undefined && { $schema }), ...($id !== undefined && { $id }), type: 'object', properties: cleaned, additionalProperties: false };
}

function walk(props: Json, path: string[], signed: boolean, out: Claim[]): void {
  for (const [name, value] of Object.entries(props)) {
    const c = asObject(value);
    const type = c.type as ClaimType;
    const here = [...path, name];
    const values = type === 'string' ? stringList(c.enum) : type === 'array' ? stringList(asObject(c.items).enum) : undefined;
    out.push({ path: here, name, description: String(c.description ?? ''), signed, type, ...(values && { values }) });
    if (type === 'object') walk(asObject(c.properties), here, signed, out);
  }
}

/** The claims of a visitor schema already validated for shape, in the schema's order. */
export function claimsOf(jsonSchema: Json): Claim[] {
  const props = asObject(jsonSchema.properties);
  const out: Claim[] = [];
  const { unsigned, ...signed } = props;
  walk(signed, [], true, out);
  walk(asObject(asObject(unsigned).properties), [], false, out);
  return out;
}

/** A property access that works for any claim name (dot form when it is an identifier). */
function access(base: string, name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `${base}.${name}` : `${base}[${JSON.stringify(name)}]`;
}

function conditionsOf(claim: Claim): TemplateCondition[] {
  const expr = claim.path.reduce(access, claim.signed ? 'visitor.claims' : 'visitor.claims.unsigned');
  const label = claim.description.trim() || claim.name;
  const where = `"${claim.path.join('.')}"`;
  const one = (condition: string, what: string) => ({ description: `Visitors ${what}: ${label}`, condition });
  switch (claim.type) {
    case 'boolean':
      return [one(`${expr} === true`, `for whom ${where} is true`)];
    case 'number':
      return [one(`${expr} > 0`, `whose ${where} is above 0`)];
    case 'string':
      if (claim.values?.length) return claim.values.map((v) => one(`${expr} === ${JSON.stringify(v)}`, `whose ${where} is ${JSON.stringify(v)}`));
      return [one(`Boolean(${expr})`, `with a ${where}`)];
    case 'array':
      if (claim.values?.length) return claim.values.map((v) => one(`(${expr} ?? []).includes(${JSON.stringify(v)})`, `whose ${where} includes ${JSON.stringify(v)}`));
      return [one(`(${expr} ?? []).length > 0`, `with any ${where}`)];
    default:
      return [];
  }
}

export function templateConditions(jsonSchema: Json | undefined): TemplateCondition[] {
  if (!jsonSchema) return [];
  return claimsOf(jsonSchema).flatMap(conditionsOf);
}
