/**
 * Audit events: every request that changed the state of an organization leaves one, in the same
 * transaction (so a refused or rolled-back request leaves none): who made it (a user, an
 * integration or an installation, by their token), what it was (`action`: the operation's id,
 * the one name of a change the mock has), and what it changed (the object the answer holds, or
 * the innermost thing the path names). They are kept as the generic tier keeps its families
 * (`officialRecords`), so a scenario seeds them the same way; those show as their fields say.
 */
import { errors } from '../../contract/errors.ts';
import { Reply, type HandlerContext, type Operation } from '../../contract/operation.ts';
import { arrayView, paginate } from '../../contract/paginate.ts';
import type { OfficialRecord } from '../../store/records.ts';
import { newestVersion } from '../../store/versions.ts';
import { officialOp, officialRoute } from '../engine/operations.ts';
import { shape } from '../shared/paths.ts';
import { apiUrl } from '../shared/present.ts';
import { requireOrgAdmin } from '../shared/org-lookup.ts';

/** The family (`officialRecords`) that keeps an organization's audit events. */
export const AUDIT_EVENTS = shape(officialRoute('listOrganizationAuditEvents').path);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The organization a request's path (or, for a new organization, its answer) is in; undefined when none. */
function organizationOf(ctx: HandlerContext, params: Record<string, string>, answer: Json | undefined): string | undefined {
  const { db } = ctx;
  if (params.organizationId) return params.organizationId;
  if (params.spaceId) return db.spaces.get(params.spaceId)?.organization;
  if (params.collectionId) return db.collections.get(params.collectionId)?.parent;
  if (params.integrationName) return db.integrations.get(params.integrationName)?.owner;
  if (answer?.object === 'organization' && typeof answer.id === 'string') return answer.id;
  return undefined;
}

/** Who made the request: the integration or installation a token belongs to, else the user. */
function actorOf(ctx: HandlerContext) {
  // By the tables' index of users: a look at every integration and installation was a scan a write.
  const integration = ctx.db.integrations.idsBy('user', ctx.user.id)[0];
  if (integration !== undefined) return { type: 'integration', id: integration, label: ctx.db.integrations.existing(integration).title };
  const installation = ctx.db.installations.idsBy('user', ctx.user.id)[0];
  if (installation !== undefined) return { type: 'installation', id: installation, label: ctx.user.displayName };
  return { type: 'user', id: ctx.user.id, label: ctx.user.displayName };
}

/** The fields that name an object, the first one set naming it in an audit event. */
const LABELS = ['title', 'displayName', 'name', 'subject', 'slug'] as const;

function labelOf(o: Json): string | undefined {
  for (const key of LABELS) {
    const value = o[key];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return undefined;
}

/** What the request changed: the object it answered, else the innermost thing its path names. */
function targetOf(path: string, params: Record<string, string>, answer: Json | undefined) {
  if (answer && typeof answer.id === 'string') {
    const name = labelOf(answer);
    const type = typeof answer.object === 'string' ? answer.object : 'object';
    return name ? { type, id: answer.id, label: name } : { type, id: answer.id };
  }
  const last = [...path.matchAll(/\{(\w+)\}/g)].at(-1)?.[1];
  if (!last) return undefined;
  const type = last.replace(/(Id|Name|Slug)$/, '').replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
  return { type, id: params[last] };
}

/** A uuid-shaped id (the official AuditEvent's format) from the session's id source, checked against the ids in use (an imported state may hold it). */
function auditId(ctx: HandlerContext): string {
  return ctx.ids.nextUuid('auditEvent');
}

/** `before`: the organization the path named before the write (what a removal takes away). */
function record(ctx: HandlerContext, row: Operation, result: unknown, before: string | undefined): void {
  const params = ctx.params as Record<string, string>;
  const body = result instanceof Reply ? result.body : result;
  const answer = isObject(body) ? body : undefined;
  const organization = before ?? organizationOf(ctx, params, answer);
  if (!organization || !ctx.db.organizations.get(organization)) return;
  const actor = actorOf(ctx);
  const target = targetOf(row.path, params, answer) ?? { type: 'organization', id: organization };
  ctx.db.officialRecords.insert({
    id: auditId(ctx),
    parent: organization,
    family: AUDIT_EVENTS,
    fields: { action: row.operationId, actor, source: actor.type === 'user' ? 'api' : 'integration', target, payload: { ...params } },
    createdAt: ctx.now,
  });
}

/**
 * `row`, recording an audit event whenever its handler changed the state (a write that changed
 * nothing, a read, a refusal: none). The published-URL lookups (no token) are left as they are.
 */
export function audited(row: Operation): Operation {
  if (row.method === 'GET' || row.anonymous || row.access !== 'user') return row;
  const handle = row.handle as (ctx: HandlerContext) => unknown;
  return {
    ...row,
    handle: (ctx: HandlerContext) => {
      const before = newestVersion();
      const organization = organizationOf(ctx, ctx.params as Record<string, string>, undefined);
      const result = handle(ctx);
      if (newestVersion() !== before) record(ctx, row, result, organization);
      return result;
    },
  } as Operation;
}

/** The official AuditEvent of a kept record (a scenario's shows the fields it gives, the required ones at least named). */
function present(ctx: HandlerContext, r: OfficialRecord) {
  const f = r.fields;
  const actor = isObject(f.actor) && typeof f.actor.id === 'string' ? f.actor : { type: 'system', id: r.parent };
  const target = isObject(f.target) && typeof f.target.id === 'string' ? f.target : { type: 'organization', id: r.parent };
  return {
    object: 'audit-event' as const,
    id: r.id,
    occurredAt: typeof f.occurredAt === 'string' ? f.occurredAt : r.createdAt,
    action: typeof f.action === 'string' ? f.action : 'unknown',
    actor,
    source: typeof f.source === 'string' ? f.source : 'api',
    target,
    urls: { location: apiUrl(ctx, `/orgs/${r.parent}/audit-events/${r.id}`) },
  };
}

/** Every action the mock records: the operations that write, each labelled by its words. */
function actionsOf(rows: readonly Operation[]) {
  const ids = [...new Set(rows.filter((r) => r.method !== 'GET' && !r.anonymous && r.access === 'user').map((r) => r.operationId))].sort();
  return ids.map((id) => {
    const words = id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
    return { object: 'audit-event-action' as const, id, label: words[0].toUpperCase() + words.slice(1) };
  });
}

type Filters = { from?: string; to?: string; action?: string; actor?: string; target?: string };

/** The audit rows; `rows` are the operations whose actions the action list names. */
export function auditOperations(rows: () => readonly Operation[]): Operation[] {
  let actions: ReturnType<typeof actionsOf> | undefined;
  return [
    officialOp('listOrganizationAuditEvents', {
      keepsOfficialRecords: true,
      handle: (ctx) => {
        const org = requireOrgAdmin(ctx, ctx.params.organizationId, 'read the audit events of this organization');
        const q = ctx.query as Filters;
        const from = q.from ? Date.parse(q.from) : -Infinity;
        const to = q.to ? Date.parse(q.to) : Infinity;
        // Newest first.
        const kept = ctx.db.officialRecords.by('family', `${AUDIT_EVENTS} ${org.id}`).slice().reverse();
        return paginate(arrayView(kept), ctx.query, (r) => present(ctx, r), (r) => {
          const e = present(ctx, r);
          const at = Date.parse(e.occurredAt);
          return at >= from && at <= to && (!q.action || e.action === q.action) && (!q.actor || e.actor.id === q.actor) && (!q.target || e.target.id === q.target);
        });
      },
    }),
    officialOp('getOrganizationAuditEvent', {
      handle: (ctx) => {
        const org = requireOrgAdmin(ctx, ctx.params.organizationId, 'read the audit events of this organization');
        const r = ctx.db.officialRecords.get(ctx.params.auditEventId);
        if (!r || r.family !== AUDIT_EVENTS || r.parent !== org.id) throw errors.notFound('Audit event', ctx.params.auditEventId);
        // The details: what the request's path named (the mock keeps no other details of an action).
        return { ...present(ctx, r), schemaVersion: 1, payload: isObject(r.fields.payload) ? r.fields.payload : {} };
      },
    }),
    officialOp('listOrganizationAuditEventActions', {
      handle: (ctx) => {
        requireOrgAdmin(ctx, ctx.params.organizationId, 'read the audit events of this organization');
        return { items: (actions ??= actionsOf(rows())) };
      },
    }),
  ];
}
