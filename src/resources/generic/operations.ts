/**
 * The generic tier: a row for every official operation that no hand-written row serves,
 * from the classification (classify.ts), in place of a 501.
 *
 * - Collection families keep their records in `officialRecords` (so reset, sessions, --data
 *   and state export and import hold them): a create shows in the list and the get, an update
 *   persists, a delete makes the get 404. Lists page with the official `next.page` cursors.
 * - Singletons are kept once per parent when first written; before, the object is built.
 * - Everything else answers a computed object.
 *
 * Every object is built from the official response schema (walker.ts), seeded by the app's
 * seed, the family or operation and the record's id, with the record's fields, the path's ids
 * and the body laid over it where they fit; it is checked against the official schema and
 * built again without them if it does not pass. Access is the neighbours': a parent the
 * caller may not see is a 404, reads need a member, writes an admin (organization, site) or
 * an editor (space), 403 otherwise.
 */
import { genericSchema } from '../engine/family.ts';
import { can, type Capability, type Role } from '../../auth/roles.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { errors } from '../../contract/errors.ts';
import { rawReply, reply, runtimeOp, type Method, type Operation, type RuntimeContext } from '../../contract/operation.ts';
import { paginate } from '../../contract/paginate.ts';
import type { OfficialRecord } from '../../store/records.ts';
import { orgRole, requireCapability, requireChangeRequest, requireOrg, requireSpace } from '../shared/access.ts';
import { requireSite, requireSiteSpace } from '../shared/site-access.ts';
import { visits } from '../shared/site-visitor.ts';
import { requireSpec, requireTranslation } from '../shared/org-lookup.ts';
import { seesIntegration } from '../shared/integration-access.ts';
import { classify, type GenericOperation } from './classify.ts';
import { walk } from './walker.ts';
import { sourcesFor } from './sources.ts';
import { derivedFields } from './derived.ts';
import { lastParam } from '../shared/paths.ts';

/** Query parameters that page a list rather than filter it. */
const PAGING = new Set(['page', 'limit', 'orderBy', 'order']);
type Json = Record<string, unknown>;
type Defs = Record<string, Json>;

/** Where the caller stands under the path's parents. */
interface Scope {
  /** The innermost parent's id (a record's `parent`), or '' for a path with none. */
  parent: string;
  role: Role | null;
  /** What a write needs there. */
  writes: Capability;
  /** Path ids as the official objects name them (`organization`, `site`, `space`, ...). */
  hints: Record<string, string>;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The parents the path names, each checked as the hand-written rows check it (404 for what the caller may not see). */
function scopeOf(ctx: RuntimeContext, g: GenericOperation): Scope {
  const p = ctx.params;
  const scope: Scope = { parent: '', role: 'admin', writes: 'admin', hints: {} };
  let organization: ReturnType<typeof requireOrg> | undefined;
  let space: ReturnType<typeof requireSpace>['space'] | undefined;
  let site: ReturnType<typeof requireSite>['site'] | undefined;
  let visitor = false;
  for (const [, name] of g.path.matchAll(/\{(\w+)\}/g)) {
    const id = p[name];
    switch (name) {
      case 'organizationId':
        if (g.operationId.startsWith('join')) {
          // Joining is for those who are not members yet.
          if (!ctx.db.organizations.get(id)) throw errors.notFound('Organization', id);
          scope.role = 'admin';
        } else {
          organization = requireOrg(ctx, id);
          scope.role = orgRole(ctx.db, id, ctx.user.id) ?? null;
        }
        scope.writes = 'admin';
        scope.hints.organization = id;
        break;
      case 'siteId':
        if (!organization) break;
        site = requireSite(ctx, organization.id, id).site;
        scope.hints.site = id;
        // What a visitor of the site does with its site token (search, ask, scripts: shared/site-visitor.ts).
        if (visits(ctx, site, g.operationId)) visitor = true;
        break;
      case 'spaceId': {
        const access = requireSpace(ctx, id);
        space = access.space;
        scope.role = access.role;
        scope.writes = 'edit';
        scope.hints.space = id;
        break;
      }
      case 'changeRequestId':
        if (space) scope.hints.changeRequest = requireChangeRequest(ctx, space, id).id;
        break;
      case 'revisionId': {
        const revision = ctx.db.revisions.get(id);
        if (!revision || revision.space !== space?.id) throw errors.notFound('Revision', id);
        scope.hints.revision = id;
        break;
      }
      case 'collectionId': {
        const collection = ctx.db.collections.get(id);
        const role = collection ? orgRole(ctx.db, collection.parent, ctx.user.id) : undefined;
        if (!collection || role === undefined) throw errors.notFound('Collection', id);
        scope.role = role;
        scope.writes = 'admin';
        scope.hints.organization = collection.parent;
        break;
      }
      case 'siteSpaceId':
        if (site) requireSiteSpace(ctx, site, id);
        break;
      case 'specSlug':
        if (organization) requireSpec(ctx, organization, id);
        break;
      case 'translationId':
        if (organization) requireTranslation(ctx, organization, id);
        break;
      case 'teamId':
        if (organization && ctx.db.teams.get(id)?.organization !== organization.id) throw errors.notFound('Team', id);
        break;
      case 'integrationName': {
        const integration = ctx.db.integrations.get(id);
        // Publishing names an integration that may not exist yet.
        if (!integration && g.operationId === 'publishIntegration') break;
        if (!integration || !seesIntegration(ctx, integration)) throw errors.notFound('Integration', id);
        scope.role = integration.user === ctx.user.id ? 'admin' : (orgRole(ctx.db, integration.owner, ctx.user.id) ?? null);
        scope.writes = 'admin';
        break;
      }
      case 'userId':
        if (!space && !site && !organization) {
          if (!ctx.db.users.get(id)) throw errors.notFound('User', id);
          // A user changes only themselves.
          scope.role = id === ctx.user.id ? 'admin' : 'read';
        }
        break;
    }
    scope.parent = id;
  }
  const noun = g.family ? labelOf(g.family).toLowerCase() : g.operationId;
  if (visitor) return { ...scope, role: 'read' };
  if (g.write) requireCapability(scope.role, scope.writes, g.family ? `change ${noun}s here` : `call ${g.operationId} here`, ctx);
  else if (scope.parent && !can(scope.role, 'view')) throw errors.forbidden(g.family ? `read ${noun}s here` : `call ${g.operationId} here`);
  return scope;
}

/** The family of an operation the classifier put in one (every role but `computed`, classify.ts). */
function familyOf(g: GenericOperation): string {
  if (g.family === undefined) throw new Error(`${g.operationId}: a ${g.role} operation without a family`);
  return g.family;
}

/** `/v1/orgs/{}/context-connections` → `Context connection`. */
export function labelOf(family: string): string {
  const last = family.slice(family.lastIndexOf('/') + 1).replace(/-/g, ' ');
  const one = last.endsWith('ies') ? `${last.slice(0, -3)}y` : last.replace(/s$/, '');
  return one[0].toUpperCase() + one.slice(1);
}

/** A family's operations, and the schema its records are presented with. */
interface FamilyShape {
  family: string;
  label: string;
  ops: GenericOperation[];
  /** The `$defs` name of a record's object (the list's items, else the get's answer, else the create's). */
  item: string;
  /** The component the item names, for answers that hold it (`{ run, changeRequests }`). */
  component?: string;
}

function refName(schema: unknown): string | undefined {
  return isObject(schema) && typeof schema.$ref === 'string' ? schema.$ref.replace('#/$defs/', '') : undefined;
}

/** Whether `schema` (or the component it names) is an `allOf` holding `component`. */
function extendsComponent(defs: Defs, schema: Json | undefined, component: string | undefined): boolean {
  if (!schema || !component) return false;
  const named = refName(schema);
  const target = named ? defs[named] : schema;
  const parts = (target?.allOf as Json[] | undefined) ?? [];
  return parts.some((part) => refName(part) === component);
}

/** The properties an extension (`allOf` of a component and more) adds that are an AI message: an answer's AI response. */
function addedAIMessages(defs: Defs, schema: Json | undefined): string[] {
  const named = schema && refName(schema);
  const target = named ? defs[named] : schema;
  const parts = (target?.allOf as Json[] | undefined) ?? [];
  return parts.flatMap((part) => Object.entries(isObject(part.properties) ? part.properties : {}).filter(([, p]) => refName(p) === 'AIMessage').map(([name]) => name));
}

/**
 * An AI message the record does not hold (the mock asks no AI): an empty one of its own, named
 * by the record's `responseId` or, without one, by the record itself.
 */
function emptyAIMessage(r: OfficialRecord) {
  return { id: typeof r.fields.responseId === 'string' ? r.fields.responseId : r.id, role: 'assistant', steps: [] };
}

/** The `items` schema of a list answer (`allOf` of List and `{ items }`). */
function listItems(defs: Defs, schema: Json | undefined): unknown {
  if (!schema) return undefined;
  for (const part of [schema, ...((schema.allOf as Json[] | undefined) ?? [])]) {
    const items = (part.properties as Json | undefined)?.items;
    if (isObject(items) && isObject(items.items)) return items.items;
  }
  return undefined;
}

function familyShape(defs: Defs, family: string, ops: GenericOperation[]): FamilyShape {
  const of = (role: string) => ops.find((g) => g.role === role);
  const get = of('get');
  const list = of('list');
  const create = of('create');
  // The list's items where they name a component (a get may wrap it: `{ event, trace }`).
  const listed = list && listItems(defs, defs[`${list.operationId}-response`]);
  let item = refName(listed);
  if (!item && get && defs[`${get.operationId}-response`]) item = `${get.operationId}-response`;
  if (!item && create && defs[`${create.operationId}-response`]) item = `${create.operationId}-response`;
  item ??= 'List';
  const component = refName(defs[item]) ?? (defs[item] && !item.endsWith('-response') ? item : undefined);
  return { family, label: labelOf(family), ops, item, component };
}

/** Validates `value` against `$defs/name` where validators can be compiled (not in a browser page: no `new Function` there). */
function fits(ctx: RuntimeContext, name: string, value: unknown): boolean {
  let validate;
  try {
    validate = ctx.platform.validators().strictValidator(genericSchema(name));
  } catch {
    return true;
  }
  return validate(value) as boolean;
}

/**
 * What the mock lays over every object itself: the walker takes each only where it fits its
 * field (type, format, pattern, length), so an object with nothing else needs no check, and
 * its operation's first call no validator compiled (half a second for a schema that reaches
 * the document blocks).
 */
const OWN_HINTS = new Set(['id', 'createdAt', 'updatedAt', 'urls', 'organization', 'site', 'space', 'changeRequest', 'revision']);

/**
 * The object of `$defs/name` for `hint` (fields laid over it where they fit), seeded by `seed`;
 * built again with `fallback` (the path's ids) alone, then with nothing, if it does not pass.
 */
function build(ctx: RuntimeContext, name: string, seed: string, hint: Json, fallback: Json, substitute?: Record<string, unknown>, written?: Written): unknown {
  const defs = ctx.platform.official().$defs;
  const schema = defs[name] ?? {};
  // What no hint gives comes from the records nearest the path's, the caller and the clock.
  const options = { defs, seed: `${ctx.seed}:${seed}`, substitute, source: sourcesFor(ctx, fallback as Record<string, string>, written?.by, written?.updatedAt ?? written?.createdAt) };
  if (Object.keys(hint).every((k) => OWN_HINTS.has(k))) return walk(schema, hint, options);
  for (const attempt of [hint, fallback, undefined]) {
    const value = walk(schema, attempt, options);
    if (attempt === undefined || fits(ctx, name, value)) return value;
  }
  return undefined;
}

/** Who wrote a kept record last, and when: what its object's authors and times show. */
type Written = Pick<OfficialRecord, 'by' | 'createdAt' | 'updatedAt'>;

/** A list answer built whole (a computed list, a search): one page, no cursor to follow. */
function closedList(value: unknown): unknown {
  if (!isObject(value) || !Array.isArray(value.items)) return value;
  const { next: _next, ...rest } = value;
  return 'count' in rest ? { ...rest, count: value.items.length } : rest;
}

/** Server-Sent Events as the official client reads them: each event's JSON, then `done`. */
function eventStream(events: unknown[]): string {
  return `${events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')}event: done\ndata: {}\n\n`;
}

function rowsOf(all: readonly GenericOperation[]): Operation[] {
  const families = new Map<string, GenericOperation[]>();
  for (const g of all) if (g.family) families.set(g.family, [...(families.get(g.family) ?? []), g]);
  const shapes = new Map<string, FamilyShape>();
  const shapeOf = (ctx: RuntimeContext, family: string): FamilyShape => {
    let found = shapes.get(family);
    if (!found) shapes.set(family, (found = familyShape(ctx.platform.official().$defs, family, families.get(family) ?? [])));
    return found;
  };

  const table = (ctx: RuntimeContext) => ctx.db.officialRecords;
  const key = (family: string, parent: string) => `${family} ${parent}`;
  /** Where a record is read: its family's path with this request's ids, and its own. */
  const locationOf = (ctx: RuntimeContext, r: OfficialRecord): string => {
    const route = (families.get(r.family)?.[0].path ?? r.family).split('/').slice(0, r.family.split('/').length).join('/');
    return `${ctx.origin}${route.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ctx.params[name] ?? ''))}/${encodeURIComponent(r.id)}`;
  };
  const recordHint = (ctx: RuntimeContext, r: OfficialRecord, scope: Scope): Json => ({
    urls: { location: locationOf(ctx, r) },
    ...(isObject(r.fields) ? r.fields : {}),
    ...derivedFields(ctx, r),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt ?? r.createdAt,
    ...scope.hints,
    id: r.id,
  });
  const present = (ctx: RuntimeContext, s: FamilyShape, r: OfficialRecord, scope: Scope) =>
    build(ctx, s.item, `${s.family}:${r.id}`, recordHint(ctx, r, scope), { ...scope.hints, id: r.id }, undefined, r);
  /** The answer of `g` holding the record: the record itself where the answer is its object. */
  const answerWith = (ctx: RuntimeContext, g: GenericOperation, s: FamilyShape, r: OfficialRecord, scope: Scope) => {
    const name = `${g.operationId}-response`;
    const item = present(ctx, s, r, scope);
    const defs = ctx.platform.official().$defs;
    if (!defs[name] || name === s.item || (s.component && refName(defs[name]) === s.component)) return item;
    // An answer that extends the record's object (`allOf` of it and more) shows the record's fields too.
    // What the extension adds (an answer's AI response) is the record's own too, where it holds it.
    const own: Json = isObject(item) && extendsComponent(defs, defs[name], s.component) ? { ...(isObject(r.fields) ? r.fields : {}), ...item } : {};
    for (const field of extendsComponent(defs, defs[name], s.component) ? addedAIMessages(defs, defs[name]) : []) own[field] ??= emptyAIMessage(r);
    return build(ctx, name, `${g.operationId}:${r.id}`, { ...own, ...scope.hints }, { ...scope.hints }, s.component ? { [s.component]: item } : undefined, r);
  };
  /** The record an item path names, in its family under this parent: 404 otherwise. */
  const itemOf = (ctx: RuntimeContext, g: GenericOperation, s: FamilyShape, scope: Scope): OfficialRecord => {
    const itemPath = g.path.split('/').slice(0, s.family.split('/').length + 1).join('/');
    const param = lastParam(itemPath);
    const id = ctx.params[param];
    const record = table(ctx).get(id);
    if (!record || record.family !== s.family) throw errors.notFound(s.label, id);
    // The parent is the parameter before the item's.
    const names = [...itemPath.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const parentParam = names.at(-2);
    const parent = parentParam ? ctx.params[parentParam] : '';
    if (record.parent !== parent) throw errors.notFound(s.label, id);
    return record;
  };
  /** The parent of a family's records: the parameter before the collection's end. */
  const parentOf = (ctx: RuntimeContext, family: string): string => {
    const names = [...family.matchAll(/\{\}/g)].length;
    const route = all.find((g) => g.family === family);
    const param = route && [...route.path.matchAll(/\{(\w+)\}/g)][names - 1]?.[1];
    return param ? ctx.params[param] : '';
  };
  const bodyOf = (ctx: RuntimeContext): Json => (isObject(ctx.body) ? ctx.body : {});

  return all.map((g) => {
    const response = g.type === 'application/json' ? genericSchema(`${g.operationId}-response`) : undefined;
    const row = {
      operationId: g.operationId,
      method: g.method as Method,
      path: g.path,
      status: g.status,
      official: true,
      generic: g.role,
      ...(g.body && { body: genericSchema(`${g.operationId}-body`) }),
      ...(g.query && { query: genericSchema(`${g.operationId}-query`) }),
      ...(response && { response }),
      ...(g.type && g.type !== 'application/json' && { responseType: g.type }),
    };
    const noBody = g.type === null;
    /** A row of a family's operation: its handler gets the caller's scope and the family. */
    const familyRow = (handle: (ctx: RuntimeContext, scope: Scope, s: FamilyShape) => unknown) => {
      const family = familyOf(g);
      return runtimeOp({ ...row, handle: (ctx) => handle(ctx, scopeOf(ctx, g), shapeOf(ctx, family)) });
    };
    /** The answer of a computed operation (or one under an item): its object, a stream, or no body. */
    const computed = (ctx: RuntimeContext, scope: Scope, seed: string, substitute?: Record<string, unknown>) => {
      if (noBody) return rawReply(null);
      const name = `${g.operationId}-response`;
      const last = [...g.path.matchAll(/\{(\w+)\}/g)].at(-1)?.[1];
      const hint = { ...bodyOf(ctx), ...scope.hints, ...(last && { id: ctx.params[last] }) };
      const value = build(ctx, name, seed, hint, scope.hints, substitute);
      if (g.type === 'text/event-stream') return rawReply(eventStream([value]), 'text/event-stream');
      return closedList(value);
    };
    switch (g.role) {
      case 'list':
        // A query value naming a field of the objects (`status=completed`) keeps those that show it.
        return familyRow((ctx, scope, s) => {
          const wanted = Object.entries(ctx.query).filter(([name, value]) => !PAGING.has(name) && ['string', 'number', 'boolean'].includes(typeof value));
          const shown = new Map<string, unknown>();
          const show = (r: OfficialRecord) => {
            if (!shown.has(r.id)) shown.set(r.id, present(ctx, s, r, scope));
            return shown.get(r.id);
          };
          const keep = wanted.length === 0 ? undefined : (r: OfficialRecord) => {
            const object = show(r);
            return isObject(object) && wanted.every(([name, value]) => !(name in object) || object[name] === value);
          };
          return paginate(table(ctx).viewBy('family', key(s.family, parentOf(ctx, s.family))), ctx.query, show, keep);
        });
      case 'create':
        return familyRow((ctx, scope, s) => {
          const record = table(ctx).insert({ id: ctx.ids.next('officialRecord'), parent: parentOf(ctx, s.family), family: s.family, fields: bodyOf(ctx), createdAt: ctx.now, by: ctx.user.id });
          return answerWith(ctx, g, s, record, scope);
        });
      case 'get':
        return familyRow((ctx, scope, s) => answerWith(ctx, g, s, itemOf(ctx, g, s, scope), scope));
      case 'update':
        return familyRow((ctx, scope, s) => {
          const record = itemOf(ctx, g, s, scope);
          const next = table(ctx).update(record.id, { fields: { ...(isObject(record.fields) ? record.fields : {}), ...bodyOf(ctx) }, updatedAt: ctx.now, by: ctx.user.id });
          return noBody ? rawReply(null) : answerWith(ctx, g, s, next, scope);
        });
      case 'provision':
        // PUT of an item by its own id (the caller's). One answered with no body only readies it
        // and keeps nothing (an agent conversation is recorded at its first message, which the
        // API does not send); one that answers the item makes it if it is not there.
        return familyRow((ctx, scope, s) => {
          const id = ctx.params[lastParam(g.path)];
          const parent = parentOf(ctx, s.family);
          const found = table(ctx).get(id);
          if (found && (found.family !== s.family || found.parent !== parent)) throw errors.conflict(`The id "${id}" is taken`);
          if (noBody) return rawReply(null);
          const record = found ? table(ctx).update(id, { updatedAt: ctx.now, by: ctx.user.id }) : table(ctx).insert({ id, parent, family: s.family, fields: {}, createdAt: ctx.now, by: ctx.user.id });
          return noBody ? rawReply(null) : answerWith(ctx, g, s, record, scope);
        });
      case 'bulk':
        // A batch: the body's list (the body itself, or its first list) of records by `id`, or of
        // `insert`/`update`/`delete` operations. An update or delete of an id not there is a 404, and nothing changes.
        return familyRow((ctx, scope, s) => {
          const body = ctx.body;
          const list = Array.isArray(body) ? body : isObject(body) ? (Object.values(body).find(Array.isArray) ?? []) : [];
          const parent = parentOf(ctx, s.family);
          for (const raw of list as unknown[]) {
            if (!isObject(raw)) continue;
            const { type, id, ...rest } = raw;
            const operation = typeof type === 'string' && ['insert', 'update', 'delete', 'upsert'].includes(type) ? type : undefined;
            const fields = operation ? rest : { ...rest, ...(type !== undefined && { type }) };
            if (typeof id === 'string' && (id.length === 0 || id.length > 256)) throw errors.badRequest(`body: an id must be 1 to 256 characters`);
            const found = typeof id === 'string' ? table(ctx).get(id) : undefined;
            const mine = found && found.family === s.family && found.parent === parent ? found : undefined;
            if ((operation === 'update' || operation === 'delete') && !mine) throw errors.notFound(s.label, String(id));
            if (operation === 'delete' && mine) removeWithDependents(ctx.db, 'officialRecords', mine.id);
            else if (mine && operation !== 'insert') table(ctx).update(mine.id, { fields: { ...(isObject(mine.fields) ? mine.fields : {}), ...fields }, updatedAt: ctx.now, by: ctx.user.id });
            else {
              if (found && operation !== 'insert') throw errors.conflict(`The id "${String(id)}" is taken`);
              const own = typeof id === 'string' && operation !== 'insert' ? id : ctx.ids.next('officialRecord');
              table(ctx).insert({ id: own, parent, family: s.family, fields, createdAt: ctx.now, by: ctx.user.id });
            }
          }
          return computed(ctx, scope, `${g.operationId}:${parent}`);
        });
      case 'delete':
        return familyRow((ctx, scope, s) => {
          removeWithDependents(ctx.db, 'officialRecords', itemOf(ctx, g, s, scope).id);
          return reply(null, {});
        });
      case 'under-item':
        return familyRow((ctx, scope, s) => {
          const record = itemOf(ctx, g, s, scope);
          return computed(ctx, scope, `${g.operationId}:${record.id}`, s.component ? { [s.component]: present(ctx, s, record, scope) } : undefined);
        });
      case 'singleton-get':
      case 'singleton-set':
      case 'singleton-action':
        return runtimeOp({
          ...row,
          handle: (ctx) => {
            const scope = scopeOf(ctx, g);
            const family = familyOf(g);
            const kept = table(ctx).by('family', key(family, scope.parent))[0];
            let fields: Json = kept && isObject(kept.fields) ? kept.fields : {};
            let generation = kept?.generation !== undefined && Number.isSafeInteger(kept.generation) ? kept.generation : 0;
            if (g.role !== 'singleton-get') {
              // A write merges its body; an action (regenerate) makes the object anew, keeping what was written.
              if (g.role === 'singleton-set') fields = { ...fields, ...bodyOf(ctx) };
              else generation++;
              const change = { fields, updatedAt: ctx.now, by: ctx.user.id, ...(generation > 0 && { generation }) };
              if (kept) table(ctx).update(kept.id, change);
              else table(ctx).insert({ id: ctx.ids.next('officialRecord'), parent: scope.parent, family, createdAt: ctx.now, ...change });
            }
            if (noBody) return rawReply(null);
            // Every operation of the singleton shows the same object: seeded by the family, not the operation.
            const written = g.role === 'singleton-get' ? kept : { by: ctx.user.id, createdAt: kept?.createdAt ?? ctx.now, updatedAt: ctx.now };
            return build(ctx, `${g.operationId}-response`, `${family}:${scope.parent}${generation ? `:${generation}` : ''}`, { ...fields, ...scope.hints }, scope.hints, undefined, written);
          },
        });
      default:
        return runtimeOp({
          ...row,
          handle: (ctx) => computed(ctx, scopeOf(ctx, g), `${g.operationId}:${Object.values(ctx.params).join('/')}`),
        });
    }
  });
}

/** The generic rows of the official operations that `served` (the hand-written rows) leave out. */
export function genericOperations(unserved: readonly (readonly [string, Method, string])[], served: readonly Operation[]): Operation[] {
  return rowsOf(classify(unserved, served));
}
