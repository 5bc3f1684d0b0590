/**
 * A site's context: its connections (the generic tier's family, listSiteContextConnections)
 * and the records they hold (sites/context-records.ts), both rows of `officialRecords` under
 * the site. A record names its connection in `fields.connection`; the records pushed through
 * the API (upsertSiteContextRecords) belong to the site's API connection (connector
 * `builtin:api`), made by the first push and the same one after. A connection's `records` is
 * how many it holds; deleting it deletes them (store/collections/official-records.ts).
 */
import type { HandlerContext } from '../../contract/operation.ts';
import type { OfficialRecord } from '../../store/records.ts';
import { CONTEXT_RECORDS } from '../../store/collections/official-records.ts';

export const CONTEXT_CONNECTIONS = '/v1/orgs/{}/sites/{}/context-connections';
// The records' family is declared with the collection, whose references name it.
export { CONTEXT_RECORDS };

/** What a connection made for the API shows: records searched at the neutral boost, no change requests proposed from them. */
const API_CONNECTION = {
  connector: 'builtin:api',
  status: 'succeeded',
  usageSettings: { changeRequests: false, search: true, searchBoost: 'x1.0' },
};

/** The site's connections, oldest first. */
export function connectionsOf(ctx: Pick<HandlerContext, 'db'>, siteId: string): OfficialRecord[] {
  return ctx.db.officialRecords.by('family', `${CONTEXT_CONNECTIONS} ${siteId}`);
}

/** The connection a record names, while it is one of the record's site. */
export function connectionOf(ctx: Pick<HandlerContext, 'db'>, record: OfficialRecord): OfficialRecord | undefined {
  const id = record.fields.connection;
  const found = typeof id === 'string' ? ctx.db.officialRecords.get(id) : undefined;
  return found && found.family === CONTEXT_CONNECTIONS && found.parent === record.parent ? found : undefined;
}

/** The records a connection holds. */
export function recordsIn(ctx: Pick<HandlerContext, 'db'>, connection: OfficialRecord): OfficialRecord[] {
  return ctx.db.officialRecords.by('family', `${CONTEXT_RECORDS} ${connection.parent}`).filter((r) => r.fields.connection === connection.id);
}

/** The site's API connection (its oldest of connector `builtin:api`), made when it has none. */
export function apiConnectionOf(ctx: HandlerContext, siteId: string): OfficialRecord {
  const found = connectionsOf(ctx, siteId).find((c) => c.fields.connector === API_CONNECTION.connector);
  if (found) return found;
  return ctx.db.officialRecords.insert({ id: ctx.ids.next('officialRecord'), parent: siteId, family: CONTEXT_CONNECTIONS, fields: structuredClone(API_CONNECTION), createdAt: ctx.now, by: ctx.user.id });
}
