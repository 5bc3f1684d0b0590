/**
 * The official operations no hand-written row serves: the generic tier (resources/generic/)
 * gives each a row, from the official route table (src/contract/official-routes.ts), in place
 * of the 501 they answered before it. Being rows, they are routed, authenticated, counted in
 * coverage, matched by fault rules and described in the mock's OpenAPI document like every
 * other operation; a hand-written row for the same method and path takes the operation over.
 */
import type { Operation } from '../contract/operation.ts';
import { OFFICIAL_ROUTES } from '../contract/official-routes.ts';
import { genericOperations } from './generic/operations.ts';

/** `GET /v1/spaces/{}/comments`: a route with its parameter names left out. */
export function routeKey(method: string, path: string): string {
  return `${method} ${path.replace(/\{[^}]+\}/g, '{}')}`;
}

/** A generic row for each official operation that no row of `served` answers (same method and path). */
export function unservedOperations(served: readonly Operation[]): Operation[] {
  const taken = new Set(served.map((row) => routeKey(row.method, row.path)));
  return genericOperations(OFFICIAL_ROUTES.filter(([, method, path]) => !taken.has(routeKey(method, path))), served);
}
