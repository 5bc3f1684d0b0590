/**
 * The engine: a family's declaration (engine/family.ts) to registrar rows. Every row finds
 * the parent the path names (404 when the caller may not see it), checks the caller's role
 * there against the family's access (403), and keeps its records in the family's store table,
 * so reset, sessions, --data, state export and import hold them like any other record.
 */
import { can, type Capability } from '../../auth/roles.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { errors } from '../../contract/errors.ts';
import { reply, runtimeOp, withAfter, type Access, type HandlerContext, type Method, type OfficialRow, type Operation, type RequestSchemaId } from '../../contract/operation.ts';
import { OFFICIAL_ANSWERS } from '../../contract/official-answers.ts';
import { paginate } from '../../contract/paginate.ts';
import { OFFICIAL_ROUTES, type OfficialOperationId, type OfficialRouteOf } from '../../contract/official-routes.ts';
import type { EngineRecord } from '../../store/records.ts';
import { officialSchema, type Family, type FamilyHelpers } from './family.ts';
import { PARENTS, type Scope } from './parents.ts';
import { lastParam } from '../shared/paths.ts';

const ROUTES = new Map<string, { method: Method; path: string }>(OFFICIAL_ROUTES.map(([operationId, method, path]) => [operationId, { method, path }]));

/** The route of an official operation, as literal types: a row built from it knows its path's parameters. */
type RouteOf<Id extends OfficialOperationId> = { method: OfficialRouteOf<Id>[1]; path: OfficialRouteOf<Id>[2] };

/** The official method and path of `operationId` (a family naming an unknown one fails at start). */
export function officialRoute<const Id extends OfficialOperationId>(operationId: Id): RouteOf<Id>;
export function officialRoute(operationId: string): { method: Method; path: string };
export function officialRoute(operationId: string): { method: Method; path: string } {
  const route = ROUTES.get(operationId);
  if (!route) throw new Error(`${operationId} is not an operation of the official document`);
  return route;
}

/** The official schema id of a request part, where it is a request type (rows name it: `npm run schemas:types`). */
type OfficialPart<Id extends string, Part extends 'body' | 'query'> = `official/${Id}-${Part}` extends RequestSchemaId ? `official/${Id}-${Part}` : undefined;

/** A path's shape, its parameters unnamed: the seeds name a translation's id otherwise than the official document. */
const shapeOf = (path: string) => path.replace(/\{\w+\}/g, '{}');

/**
 * Declares a hand-written row of an official operation by its operationId: the method and path
 * of `contract/official-routes.ts`, the first success status of `contract/official-answers.ts`,
 * and the official schemas of the parts the operation has (`official/<operationId>-query`,
 * `-body`, `-response`, written by `npm run official-schemas`). The row says only what differs:
 * a status of its own, a schema of the mock's own for a part (or `null`: no schema), the seed's
 * spelling of the path (the same shape as the official one). The handler is typed as `op` types it.
 */
export function officialOp<
  const Id extends OfficialOperationId,
  const Path extends string = OfficialRouteOf<Id>[2],
  const P extends RequestSchemaId | undefined = undefined,
  const Q extends RequestSchemaId | null | undefined = OfficialPart<Id, 'query'>,
  const B extends RequestSchemaId | null | undefined = OfficialPart<Id, 'body'>,
  R = unknown,
>(operationId: Id, row: OfficialRow<Path, P, Q, B, R>): Operation;
// The row is read as a plain object: its types were checked at the call. (Handing it on to `op`
// as a `TypedRow` made the compiler measure the row's variance: minutes for the tree.)
export function officialOp(operationId: string, given: object): Operation {
  const route = officialRoute(operationId);
  const [status, type, hasBody, hasQuery] = OFFICIAL_ANSWERS[operationId];
  const { path = route.path, query, body, response, handle, after, access = 'user', ...rest } = given as LooseRow;
  if (shapeOf(path) !== shapeOf(route.path)) throw new Error(`${operationId}: ${path} is not the official path ${route.path}`);
  const part = (named: string | null | undefined, has: boolean, name: 'body' | 'query' | 'response') => (named === null ? undefined : (named ?? (has ? officialSchema[name](operationId) : undefined)));
  const parts = { query: part(query, hasQuery, 'query'), body: part(body, hasBody, 'body'), response: part(response, type === 'application/json', 'response') };
  const named = Object.fromEntries(Object.entries(parts).filter(([, id]) => id !== undefined));
  return { operationId, method: route.method, path, official: true, status, access, ...rest, ...named, handle: withAfter(handle, after) };
}

/** What `officialOp` reads of a row; the rest goes into the row as it is. */
type LooseRow = Omit<Operation, 'operationId' | 'method' | 'path' | 'status' | 'access' | 'query' | 'body' | 'response'> & {
  access?: Access;
  after?: (result: unknown) => Promise<unknown>;
  path?: string;
  status?: number;
  query?: string | null;
  body?: string | null;
  response?: string | null;
};

type Params = Record<string, string>;

function requireRole(scope: Scope, capability: Capability, action: string): void {
  if (!can(scope.role, capability)) throw errors.forbidden(action);
}

export function familyOperations<R extends EngineRecord>(family: Family<R>): Operation[] {
  const parent = PARENTS[family.parent];
  const table = (ctx: HandlerContext) => family.table(ctx.db);
  const noun = family.label.toLowerCase();
  const underPath = (path: string) => parent.params.every((name) => path.includes(`{${name}}`));

  const scope = (ctx: HandlerContext, capability: Capability): Scope => {
    const found = parent.fromPath(ctx, ctx.params as Params);
    requireRole(found, capability, `${capability === family.access.read ? 'read' : 'change'} ${noun}s here`);
    return found;
  };
  /** The record the item path names, and its parent: 404 for an id of another parent or one the caller may not see. */
  const item = (ctx: HandlerContext, path: string, capability: Capability): { record: R; scope: Scope } => {
    const id = (ctx.params as Params)[lastParam(path)];
    const record = table(ctx).get(id);
    if (underPath(path)) {
      const found = scope(ctx, family.access.read);
      if (!record || record.parent !== found.id) throw errors.notFound(family.label, id);
      requireRole(found, capability, `change this ${noun}`);
      return { record, scope: found };
    }
    if (!record) throw errors.notFound(family.label, id);
    let found: Scope;
    try {
      found = parent.fromId(ctx, record.parent);
    } catch {
      throw errors.notFound(family.label, id);
    }
    if (!can(found.role, family.access.read)) throw errors.notFound(family.label, id);
    requireRole(found, capability, `change this ${noun}`);
    return { record, scope: found };
  };

  const rows: Operation[] = [];
  const { list, get, create, update, delete: remove } = family.operations;
  if (list) {
    const route = officialRoute(list);
    rows.push(runtimeOp({
      operationId: list, ...route, status: 200, official: true,
      query: officialSchema.query(list), response: officialSchema.response(list),
      handle: (ctx) => {
        const found = scope(ctx, family.access.read);
        const { filter } = family;
        const keep = filter ? (r: R) => filter(r, ctx.query, ctx) : undefined;
        return paginate(table(ctx).viewBy('parent', found.id), ctx.query, (r) => family.present(r, ctx, found), keep, family.order ?? 'asc');
      },
    }));
  }
  if (create) {
    const route = officialRoute(create);
    rows.push(runtimeOp({
      operationId: create, ...route, status: 201, official: true,
      body: officialSchema.body(create), response: officialSchema.response(create),
      handle: (ctx) => {
        const found = scope(ctx, family.access.create ?? family.access.write);
        const fields = family.create(ctx.body, ctx, found);
        const record = table(ctx).insert({ ...fields, id: ctx.ids.next(family.idKind), parent: found.id, createdAt: ctx.now } as R);
        return family.present(record, ctx, found);
      },
    }));
  }
  if (get) {
    const route = officialRoute(get);
    rows.push(runtimeOp({
      operationId: get, ...route, status: 200, official: true, response: officialSchema.response(get),
      handle: (ctx) => {
        const { record, scope: found } = item(ctx, route.path, family.access.read);
        return family.present(record, ctx, found);
      },
    }));
  }
  if (update) {
    const route = officialRoute(update);
    rows.push(runtimeOp({
      operationId: update, ...route, status: OFFICIAL_ANSWERS[update]?.[0] ?? 200, official: true,
      body: officialSchema.body(update), response: officialSchema.response(update),
      handle: (ctx) => {
        const { record, scope: found } = item(ctx, route.path, family.access.write);
        const patch = family.update(record, ctx.body, ctx, found);
        const next = table(ctx).update(record.id, { ...patch, updatedAt: ctx.now } as Partial<R>);
        return family.present(next, ctx, found);
      },
    }));
  }
  if (remove) {
    const route = officialRoute(remove);
    rows.push(runtimeOp({
      operationId: remove, ...route, status: family.deleteStatus ?? 204, official: true,
      handle: (ctx) => {
        if (family.deleteMissingStatus !== undefined && underPath(route.path)) {
          const found = scope(ctx, family.access.write);
          const held = table(ctx).get((ctx.params as Params)[lastParam(route.path)]);
          if (held?.parent !== found.id) return reply(null, { status: family.deleteMissingStatus });
        }
        const { record } = item(ctx, route.path, family.access.write);
        // What names the record goes with it or lets go of it (store/references.ts).
        removeWithDependents(ctx.db, family.collection, record.id);
        return reply(null, {});
      },
    }));
  }
  const helpers: FamilyHelpers<R> = {
    scope: (ctx, write = false) => scope(ctx, write ? family.access.write : family.access.read),
    present: (record, ctx, found) => family.present(record, ctx, found),
    table,
    item: (ctx, path) => item(ctx, path, family.access.read),
  };
  return [...rows, ...(family.extra?.(helpers) ?? [])];
}
