/**
 * Differences between the mock's OpenAPI document and the official one (`@gitbook/api`):
 * operations only one side has, and, for operations both have, response fields and enum
 * values only one side has. For people deciding what to build next (`npm run drift`).
 */
type Doc = Record<string, any>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export interface RouteOp {
  operationId: string;
  /** `GET /spaces/{}/comments`: method and path without /v1, parameter names left out. */
  route: string;
  path: string;
  op: Doc;
}

function route(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/^\/v1(?=\/)/, '').replace(/\{[^}]+\}/g, '{}')}`;
}

function operationsOf(doc: Doc, keep: (path: string) => boolean): RouteOp[] {
  const out: RouteOp[] = [];
  for (const [path, item] of Object.entries<Doc>(doc.paths ?? {})) {
    if (!keep(path)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (op) out.push({ operationId: op.operationId, route: route(method, path), path, op });
    }
  }
  return out;
}

/** The API operations of our document (the admin API left out). */
export function ourOperations(doc: Doc): RouteOp[] {
  return operationsOf(doc, (path) => !path.startsWith('/__admin'));
}

export function officialOperations(doc: Doc): RouteOp[] {
  return operationsOf(doc, () => true);
}

/** Follows `$ref`s within `doc` and merges allOf, to the properties and enums of a schema. */
function shape(doc: Doc, schema: unknown, depth = 0): { props: Map<string, Doc>; enums: Set<string> } {
  const props = new Map<string, Doc>();
  const enums = new Set<string>();
  const visit = (node: any, level: number) => {
    if (!node || typeof node !== 'object' || level > 8) return;
    if (typeof node.$ref === 'string') {
      const target = node.$ref.slice(2).split('/').reduce((n: any, p: string) => n?.[p.replace(/~1/g, '/')], doc);
      visit(target, level + 1);
    }
    for (const key of ['allOf', 'anyOf', 'oneOf']) for (const part of node[key] ?? []) visit(part, level + 1);
    if (Array.isArray(node.enum)) for (const value of node.enum) enums.add(String(value));
    if (node.const !== undefined) enums.add(String(node.const));
    for (const [name, child] of Object.entries(node.properties ?? {})) props.set(name, child as Doc);
  };
  visit(schema, depth);
  return { props, enums };
}

function successSchema(op: Doc): unknown {
  for (const [status, response] of Object.entries<Doc>(op.responses ?? {})) {
    if (!status.startsWith('2')) continue;
    const schema = response.content?.['application/json']?.schema;
    if (schema) return schema;
  }
  return undefined;
}

export interface Drift {
  onlyOfficial: RouteOp[];
  onlyOurs: RouteOp[];
  /** Per shared operation: response fields and enum values on one side only (one level deep). */
  fields: { operationId: string; route: string; missing: string[]; extra: string[]; enumsMissing: string[]; enumsExtra: string[] }[];
}

function diff(a: Iterable<string>, b: Set<string>): string[] {
  return [...a].filter((x) => !b.has(x)).sort();
}

export function drift(ours: Doc, official: Doc): Drift {
  const mine = ourOperations(ours);
  const theirs = officialOperations(official);
  const mineByRoute = new Map(mine.map((o) => [o.route, o]));
  const theirsByRoute = new Map(theirs.map((o) => [o.route, o]));
  const fields: Drift['fields'] = [];
  for (const op of mine) {
    const other = theirsByRoute.get(op.route);
    if (!other) continue;
    const a = shape(ours, successSchema(op.op));
    const b = shape(official, successSchema(other.op));
    // Field by field, one level down: the enums of each shared field too.
    const enumsA = new Set(a.enums);
    const enumsB = new Set(b.enums);
    for (const [name, child] of a.props) if (b.props.has(name)) shape(ours, child).enums.forEach((e) => enumsA.add(`${name}=${e}`));
    for (const [name, child] of b.props) if (a.props.has(name)) shape(official, child).enums.forEach((e) => enumsB.add(`${name}=${e}`));
    const entry = {
      operationId: op.operationId,
      route: op.route,
      missing: diff(b.props.keys(), new Set(a.props.keys())),
      extra: diff(a.props.keys(), new Set(b.props.keys())),
      enumsMissing: diff(enumsB, enumsA),
      enumsExtra: diff(enumsA, enumsB),
    };
    if (entry.missing.length || entry.extra.length || entry.enumsMissing.length || entry.enumsExtra.length) fields.push(entry);
  }
  return {
    onlyOfficial: theirs.filter((o) => !mineByRoute.has(o.route)),
    onlyOurs: mine.filter((o) => !theirsByRoute.has(o.route)),
    fields,
  };
}
