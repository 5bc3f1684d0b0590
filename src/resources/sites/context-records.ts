/**
 * A site's context records (listSiteContextRecords, upsertSiteContextRecords,
 * getSiteContextRecordById), rows of `officialRecords` under the site (shared/context.ts).
 * Each names the connection it came from: a scenario's, or, for every record pushed through
 * the API, the site's API connection (connector `builtin:api`, made by the first push). A
 * push names each record by its own id and sends it whole: a record of that id on the site
 * is replaced (and becomes the API connection's), any other is added; an id another site or
 * family holds is a 409, and the push changes nothing.
 */
import { can } from '../../auth/roles.ts';
import { errors } from '../../contract/errors.ts';
import type { HandlerContext, Operation } from '../../contract/operation.ts';
import { paginate } from '../../contract/paginate.ts';
import type { OfficialRecord, SiteRecord } from '../../store/records.ts';
import { orgRole } from '../shared/access.ts';
import { apiUrl } from '../shared/present.ts';
import { siteOf } from '../shared/site-access.ts';
import { CONTEXT_RECORDS, apiConnectionOf, connectionOf } from '../shared/context.ts';
import { officialOp } from '../engine/operations.ts';

/** The fields of a ContextRecordInput a record keeps (its `id` is the record's). */
const INPUT_FIELDS = ['type', 'title', 'description', 'body', 'url', 'createdAt', 'metadata'] as const;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

/** The site, once the caller may read its context (members; guests and strangers are refused). */
function readableSite(ctx: HandlerContext): SiteRecord {
  const { org, site } = siteOf(ctx);
  if (!can(orgRole(ctx.db, org.id, ctx.user.id), 'view')) throw errors.forbidden('read context records here');
  return site;
}

/** The official ContextRecord; undefined for a record whose connection is gone (only an older state holds one). */
function present(ctx: HandlerContext, site: SiteRecord, r: OfficialRecord) {
  const connection = connectionOf(ctx, r);
  if (!connection) return undefined;
  const f = r.fields;
  const connector = text(connection.fields.connector) ?? text(f.connector);
  const topics = Array.isArray(f.topics) ? f.topics.filter((t): t is string => typeof t === 'string') : undefined;
  return {
    object: 'context-record' as const,
    id: r.id,
    title: text(f.title) ?? r.id,
    ...(typeof f.description === 'string' && { description: f.description }),
    type: f.type === 'document' ? ('document' as const) : ('ticket' as const),
    // When the record was made in its source, where the push said; else when the mock first kept it.
    createdAt: text(f.createdAt) ?? r.createdAt,
    processedAt: r.updatedAt ?? r.createdAt,
    connection: connection.id,
    ...(connector && { connector }),
    ...(topics && topics.length > 0 && { topics }),
    urls: {
      location: apiUrl(ctx, `/orgs/${site.organization}/sites/${site.id}/context-records/${encodeURIComponent(r.id)}`),
      ...(text(f.url) && { source: text(f.url) }),
    },
  };
}

/** The site's records, oldest first (the list keeps those whose connection holds). */
function shownRecords(ctx: HandlerContext, site: SiteRecord) {
  return ctx.db.officialRecords.viewBy('family', `${CONTEXT_RECORDS} ${site.id}`);
}

export const contextRecordOperations: Operation[] = [
  officialOp('listSiteContextRecords', {
    // Scenarios seed them as `officialRecords` of this family.
    keepsOfficialRecords: true,
    handle: (ctx) => {
      const site = readableSite(ctx);
      const q = ctx.query;
      // Each record presented once, for the filter and the page alike.
      const presented = new Map<OfficialRecord, ReturnType<typeof present>>();
      const show = (r: OfficialRecord) => {
        if (!presented.has(r)) presented.set(r, present(ctx, site, r));
        return presented.get(r);
      };
      const keep = (r: OfficialRecord) => {
        const shown = show(r);
        if (!shown) return false;
        if (q.type !== undefined && shown.type !== q.type) return false;
        if (q.connector !== undefined && shown.connector !== q.connector) return false;
        if (q.connection !== undefined && shown.connection !== q.connection) return false;
        return q.topic === undefined || (shown.topics ?? []).includes(q.topic);
      };
      return paginate(shownRecords(ctx, site), q, show, keep);
    },
  }),
  officialOp('getSiteContextRecordById', {
    handle: (ctx) => {
      const site = readableSite(ctx);
      const id = ctx.params.siteContextRecordId;
      const found = ctx.db.officialRecords.get(id);
      const shown = found && found.family === CONTEXT_RECORDS && found.parent === site.id ? present(ctx, site, found) : undefined;
      if (!shown) throw errors.notFound('Context record', id);
      return shown;
    },
  }),
  officialOp('upsertSiteContextRecords', {
    handle: (ctx) => {
      const { site } = siteOf(ctx, true);
      const inputs = ctx.body as Record<string, unknown>[];
      if (inputs.length === 0) return undefined;
      // Every id is checked before anything is made, so that a refused push takes no id either.
      for (const input of inputs) {
        const id = String(input.id);
        if (id.length === 0 || id.length > 256) throw errors.badRequest('body: an id must be 1 to 256 characters');
        const found = ctx.db.officialRecords.get(id);
        if (found && (found.family !== CONTEXT_RECORDS || found.parent !== site.id)) throw errors.conflict(`The id "${id}" is taken`);
      }
      const connection = apiConnectionOf(ctx, site.id);
      for (const input of inputs) {
        const id = String(input.id);
        const fields: Record<string, unknown> = { connection: connection.id };
        for (const name of INPUT_FIELDS) if (input[name] !== undefined) fields[name] = input[name];
        if (ctx.db.officialRecords.get(id)) ctx.db.officialRecords.update(id, { fields, updatedAt: ctx.now, by: ctx.user.id });
        else ctx.db.officialRecords.insert({ id, parent: site.id, family: CONTEXT_RECORDS, fields, createdAt: ctx.now, by: ctx.user.id });
      }
      // The connection synced with this push.
      ctx.db.officialRecords.update(connection.id, { fields: { ...connection.fields, syncedAt: ctx.now }, updatedAt: ctx.now });
      return undefined;
    },
  }),
];
