/**
 * The route table of the official document (`@gitbook/api`'s spec/openapi.json), as rows:
 * operationId, method and path (with `/v1`). It is written by `npm run official-routes` into
 * official-routes.ts (data, so the server never reads @gitbook/api, a dev dependency, at
 * run time); test/api/openapi/official-routes.test.ts keeps the file equal to what the script
 * would write.
 */
import type { Method } from './operation.ts';

export interface OfficialRoute {
  operationId: string;
  method: Method;
  path: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The rows of an OpenAPI document's `paths`, in the document's order. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function officialRoutes(doc: { paths?: Record<string, any> }): OfficialRoute[] {
  const out: OfficialRoute[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (op) out.push({ operationId: String(op.operationId), method: method.toUpperCase() as Method, path: `/v1${path}` });
    }
  }
  return out;
}

/** The text of src/contract/official-routes.ts for `rows`: one `[operationId, method, path]` a line. */
export function officialRoutesModule(rows: readonly OfficialRoute[]): string {
  const lines = rows.map((r) => `  [${JSON.stringify(r.operationId)}, ${JSON.stringify(r.method)}, ${JSON.stringify(r.path)}],`);
  return [
    '// Written by `npm run official-routes` from @gitbook/api\'s spec/openapi.json; do not edit by hand.',
    "import type { Method } from './operation.ts';",
    '',
    '/** Each route as literal types, so that a row built from one (officialOp) knows its path\'s parameters. */',
    `export const OFFICIAL_ROUTES = [`,
    ...lines,
    '] as const satisfies readonly (readonly [operationId: string, method: Method, path: string])[];',
    '',
    '/** An operationId of the official document. */',
    'export type OfficialOperationId = (typeof OFFICIAL_ROUTES)[number][0];',
    '/** The official route of `Id`: its method and path. */',
    'export type OfficialRouteOf<Id extends string> = Extract<(typeof OFFICIAL_ROUTES)[number], readonly [Id, Method, string]>;',
    '',
  ].join('\n');
}
