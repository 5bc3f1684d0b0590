/**
 * The oracle: the official OpenAPI document of @gitbook/api, compiled once per test
 * file. `expectOfficial` checks a success body against the official response schema of
 * an operation; `officialComponent` gives the validator of a named component.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';

const specPath = fileURLToPath(new URL('../../node_modules/@gitbook/api/spec/openapi.json', import.meta.url));

interface OperationObject {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

export const officialSpec = JSON.parse(readFileSync(specPath, 'utf8')) as {
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, unknown> };
};

/**
 * Where the official document is looser than what the service serves and its own consumers
 * read, the oracle takes the served shape. Each correction names its evidence.
 */
function corrected(components: { schemas: Record<string, unknown> }) {
  const out = structuredClone(components) as { schemas: Record<string, { properties: Record<string, unknown> }> };
  // "filesystem": the document says an object; GitBook's renderer reads a list of files
  // (GitbookIO/gitbook, packages/openapi-parser/src/types.ts `Filesystem`, and
  // packages/react-openapi/src/dereference.ts `filesystem.find((f) => f.isEntrypoint)`).
  out.schemas.OpenAPISpecContent.properties.filesystem = { type: 'array', items: { type: 'object', required: ['isEntrypoint', 'specification'] } };
  // A page edit's "attributes" is a oneOf of the document, group and link attribute shapes,
  // none closed to other fields: every document edit (title, slug, document...) also matches
  // the group shape, so no served edit could pass "exactly one". Checked as anyOf.
  const edited = out.schemas.RevisionSemanticChangePageEdited.properties.attributes as { oneOf?: unknown[]; anyOf?: unknown[] };
  edited.anyOf = edited.oneOf;
  delete edited.oneOf;
  // PlainObject has no `type`, so a string, number or boolean value inside one also matches its
  // own oneOf's PlainObject branch and fails "exactly one": no visitor claim with a string value
  // could pass (the request side, SiteInsightsEventSession.visitorAuthClaims, sends exactly such
  // claims). Checked as the object it is named for.
  (out.schemas.PlainObject as unknown as { type?: string }).type = 'object';
  return out;
}

let ajv: Ajv2020 | undefined;
function officialAjv(): Ajv2020 {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    (formatsPlugin as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addFormat('emoji', true);
    ajv.addFormat('icon', true);
    ajv.addSchema({ $id: 'official', components: corrected(officialSpec.components) });
  }
  return ajv;
}

const byOperation = new Map<string, { method: string; path: string; op: OperationObject }>();
for (const [path, item] of Object.entries(officialSpec.paths)) {
  for (const [method, op] of Object.entries(item)) {
    if (op && typeof op === 'object' && op.operationId) byOperation.set(op.operationId, { method, path, op });
  }
}

export function officialOperation(operationId: string) {
  return byOperation.get(operationId);
}

const cache = new Map<string, ValidateFunction>();

/** Rewrites local refs so the schema can be compiled beside the `official` document. */
function rebase(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"official#/components/'));
}

export function officialResponseValidator(operationId: string, status: number): ValidateFunction | undefined {
  const key = `${operationId}:${status}`;
  if (!cache.has(key)) {
    const found = byOperation.get(operationId);
    if (!found) return undefined;
    const schema = found.op.responses?.[String(status)]?.content?.['application/json']?.schema;
    if (!schema) return undefined;
    cache.set(key, officialAjv().compile(rebase(schema) as object));
  }
  return cache.get(key);
}

export function officialComponent(name: string): ValidateFunction {
  const key = `component:${name}`;
  if (!cache.has(key)) {
    if (!officialSpec.components.schemas[name]) throw new Error(`No official component ${name}`);
    cache.set(key, officialAjv().compile({ $ref: `official#/components/schemas/${name}` }));
  }
  return cache.get(key)!;
}

export function formatErrors(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .slice(0, 8)
    .map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`)
    .join('\n');
}

/**
 * Throws unless `body` validates against the official response schema of the operation
 * for `status`. An operation or status without a JSON schema in the document is an error
 * too, so that a typo cannot pass silently.
 */
export function expectOfficial(operationId: string, status: number, body: unknown): void {
  const validate = officialResponseValidator(operationId, status);
  if (!validate) throw new Error(`The official document has no JSON response for ${operationId} ${status}`);
  if (!validate(body)) {
    throw new Error(`${operationId} ${status} does not match the official schema:\n${formatErrors(validate)}`);
  }
}
