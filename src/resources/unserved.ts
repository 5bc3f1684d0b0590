/**
 * The official operations the mock does not serve yet: a row each, from the official route
 * table (src/openapi/official-routes.ts), that answers 501 naming its operationId. Being
 * rows, they are routed, authenticated, counted in coverage and matched by fault rules like
 * every other operation, and a path that an official operation has never answers 404.
 */
import { errors } from '../http/errors.ts';
import { op, type Operation } from '../http/operation.ts';
import { OFFICIAL_ROUTES } from '../openapi/official-routes.ts';

/** `GET /v1/spaces/{}/comments`: a route with its parameter names left out. */
export function routeKey(method: string, path: string): string {
  return `${method} ${path.replace(/\{[^}]+\}/g, '{}')}`;
}

/** A row for each official operation that no row of `served` answers (same method and path). */
export function unservedOperations(served: readonly Operation[]): Operation[] {
  const taken = new Set(served.map((row) => routeKey(row.method, row.path)));
  return OFFICIAL_ROUTES.filter(([, method, path]) => !taken.has(routeKey(method, path))).map(([operationId, method, path]) =>
    op({
      operationId,
      method,
      path,
      status: 501,
      official: true,
      unserved: true,
      handle: () => {
        throw errors.notImplemented(operationId);
      },
    }),
  );
}
