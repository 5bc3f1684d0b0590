/**
 * Admin GET calls take only the query parameters they read: an unknown one (`?operationID=`,
 * a typo of `operationId`) would otherwise be dropped and the call answer everything, so it
 * is a 400 naming it, the parameters the call knows and the nearest of them (issue 27).
 * Pages (the console, the API reference) are not checked: a browser may add what it likes.
 */
import { distance } from 'fastest-levenshtein';
import type { Context } from 'hono';
import { errors } from '../contract/errors.ts';
import { EVENT_FILTERS } from '../events/event-log.ts';

/** The journal's filters (GET /__admin/requests). */
export const REQUEST_FILTERS = ['method', 'path', 'operationId', 'status'] as const;

/** Query parameters of each admin GET that takes any; every other admin GET takes none. */
const KNOWN: Readonly<Record<string, readonly string[]>> = {
  '/__admin/requests': REQUEST_FILTERS,
  '/__admin/events': EVENT_FILTERS,
};

/** Pages served under /__admin, not calls of the admin API. */
const PAGES = /^\/__admin\/(ui|docs)(\/|$)/;

/** Throws a 400 when the GET carries a query parameter its call does not read. */
export function checkAdminQuery(c: Context): void {
  if (c.req.method !== 'GET' || !c.req.url.includes('?')) return;
  const path = c.req.path.replace(/\/+$/, '');
  if (PAGES.test(path)) return;
  const known = KNOWN[path] ?? [];
  const unknown = Object.keys(c.req.query()).find((name) => !known.includes(name));
  if (unknown === undefined) return;
  if (known.length === 0) throw errors.badRequest(`query.${unknown} is not a parameter of GET ${path}, which takes none`);
  const near = [...known].sort((a, b) => distance(unknown.toLowerCase(), a.toLowerCase()) - distance(unknown.toLowerCase(), b.toLowerCase()))[0];
  const hint = distance(unknown.toLowerCase(), near.toLowerCase()) <= 2 ? `did you mean ${near}? ` : '';
  throw errors.badRequest(`query.${unknown} is not a parameter of GET ${path}; ${hint}It takes ${known.join(', ')}`);
}
