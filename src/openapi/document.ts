/**
 * The mock's own OpenAPI 3.1 document, built from the route table (src/resources/) and the
 * JSON Schemas (schemas/): every served operation with its parameters, request and response
 * schemas, statuses and operationId, the error body, bearer auth, and the admin API.
 */
import type { Operation, RouteRow } from '../contract/operation.ts';
import type { JsonSchema } from '../contract/schemas.ts';
import { adminOperations } from './admin-operations.ts';
import { fileRows } from '../resources/index.ts';
import { componentRef, propertiesOf, schemaComponents } from './components.ts';

type Doc = Record<string, any>;

const ERROR = { $ref: '#/components/responses/Error' };
const NO_BODY = new Set([204, 205]);

const DESCRIPTIONS: Record<number, string> = {
  200: 'OK', 201: 'Created', 204: 'No content', 205: 'Reset content', 400: 'A parameter, the query or the body is invalid (the message names the field)',
  401: 'No bearer token, or one this server does not know', 404: 'Not found, or not visible to the caller',
};

function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

/** `/v1/orgs/{organizationId}/sites` → `orgs`; the admin API is `admin`. */
function tagOf(path: string): string {
  if (path.startsWith('/__admin')) return 'admin';
  return path.startsWith('/__files') ? 'files' : (path.split('/')[2] ?? 'api');
}

function parameters(op: RouteRow, sources: ReadonlyMap<string, JsonSchema>): Doc[] {
  const declared = op.params ? new Map(propertiesOf(sources, op.params).map((p) => [p.name, p.schema])) : new Map();
  const out: Doc[] = pathParamNames(op.path).map((name) => ({
    name, in: 'path', required: true, schema: declared.get(name) ?? { type: 'string', minLength: 1, maxLength: 256 },
  }));
  if (op.query) {
    for (const p of propertiesOf(sources, op.query)) out.push({ name: p.name, in: 'query', required: p.required, schema: p.schema });
  }
  return out;
}

/** The success answer of a row: its JSON schema, or the content types it answers that are not JSON (text, bytes). */
function successOf(op: RouteRow, description: string): Doc {
  const success: Doc = { description };
  if (op.response && !NO_BODY.has(op.status)) success.content = { 'application/json': { schema: { $ref: componentRef(op.response) } } };
  const types = typeof op.responseType === 'string' ? [op.responseType] : (op.responseType ?? []);
  if (types.length) success.content = Object.fromEntries(types.map((type) => [type, { schema: { type: 'string' } }]));
  return success;
}

function apiOperation(op: Operation, sources: ReadonlyMap<string, JsonSchema>): Doc {
  const success = successOf(op, DESCRIPTIONS[op.status] ?? 'Success');
  const responses: Doc = { [String(op.status)]: success, 400: ERROR };
  responses[401] = ERROR;
  if (op.path.includes('{')) responses[404] = ERROR;
  responses.default = ERROR;
  const doc: Doc = { operationId: op.operationId, tags: [tagOf(op.path)], parameters: parameters(op, sources), responses };
  if (op.body) doc.requestBody = { required: true, content: { 'application/json': { schema: { $ref: componentRef(op.body) } } } };
  // The published-URL lookups answer without a token too.
  if (op.anonymous) doc.security = [{}, { bearer: [] }];
  return doc;
}

/**
 * A row of the mock's own surfaces, from its row as the API's are: the admin calls
 * (admin/routes.ts), the console and the reference pages, and the files the API links to
 * (a change request's PDF at its signed URL, a content file's download).
 */
function surfaceOperation(op: RouteRow, sources: ReadonlyMap<string, JsonSchema>): Doc {
  const success = successOf(op, op.summary ?? DESCRIPTIONS[op.status] ?? 'Success');
  const doc: Doc = {
    operationId: op.operationId,
    summary: op.summary,
    tags: [tagOf(op.path)],
    parameters: parameters(op, sources).map((p) => (p.in === 'path' && !op.params ? { ...p, schema: { type: 'string' } } : p)),
    // Admin calls: loopback callers need no token; from elsewhere, the admin token. Signed URLs and public files need none.
    security: op.access === 'admin' ? [{}, { bearer: [] }] : [{}],
    responses: { [String(op.status)]: success, default: ERROR },
  };
  if (op.body) doc.requestBody = { required: true, content: { 'application/json': { schema: { $ref: componentRef(op.body) } } } };
  return doc;
}

export function buildOpenApi(operations: readonly Operation[], sources: ReadonlyMap<string, JsonSchema>, version = '0.0.0'): Doc {
  const paths: Doc = {};
  const add = (path: string, method: string, doc: Doc) => ((paths[path] ??= {})[method.toLowerCase()] = doc);
  for (const op of operations) add(op.path, op.method, apiOperation(op, sources));
  for (const op of [...adminOperations, ...fileRows]) add(op.path, op.method, surfaceOperation(op, sources));
  return {
    openapi: '3.1.0',
    info: {
      title: 'gitbook-mock',
      version,
      description: 'The operations this mock of the GitBook REST API (v1) serves, and its admin API. Built from its route table and JSON Schemas.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    tags: [...new Set(Object.keys(paths).map(tagOf))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token of a scenario user (see the manifest)' } },
      responses: { Error: { description: 'Error', content: { 'application/json': { schema: { $ref: componentRef('common/error') } } } } },
      schemas: schemaComponents(sources),
    },
  };
}
