/**
 * What a site keeps besides its own record: its publishing auth, agent settings, ads request,
 * style guide and its runs, and the insight events its pages reported. They are rows of
 * `officialRecords` (family: the official path with its parameters as `{}`, parent: the site),
 * the table the generic tier keeps its records in, so reset, sessions, `--data` and state export
 * and import hold them; a singleton is one row per site, found by the same key the generic
 * tier used before these operations were written by hand.
 */
import type { HandlerContext } from '../../contract/operation.ts';
import type { OfficialRecord } from '../../store/records.ts';

export const KEPT = {
  agentSettings: '/orgs/{}/sites/{}/agent-settings',
  publishingAuth: '/orgs/{}/sites/{}/publishing/auth',
  ads: '/orgs/{}/sites/{}/ads',
  styleguide: '/orgs/{}/sites/{}/styleguide',
  styleguideRuns: '/orgs/{}/sites/{}/styleguide/runs',
  insightEvents: '/orgs/{}/sites/{}/insights/events',
} as const;

type Family = (typeof KEPT)[keyof typeof KEPT];
type Fields = Record<string, unknown>;

/** The rows of `family` under the site, oldest first. */
export function keptRows(ctx: Pick<HandlerContext, 'db'>, family: Family, siteId: string): OfficialRecord[] {
  return ctx.db.officialRecords.by('family', `${family} ${siteId}`);
}

/** The one row of a singleton family under the site, if it was ever written. */
export function keptOne(ctx: Pick<HandlerContext, 'db'>, family: Family, siteId: string): OfficialRecord | undefined {
  return keptRows(ctx, family, siteId)[0];
}

/** Writes the singleton: its fields merged with `fields` (made when it is not there). */
export function keepOne(ctx: HandlerContext, family: Family, siteId: string, fields: Fields, extra: Partial<OfficialRecord> = {}): OfficialRecord {
  const found = keptOne(ctx, family, siteId);
  if (found) return ctx.db.officialRecords.update(found.id, { fields: { ...found.fields, ...fields }, updatedAt: ctx.now, ...extra });
  return ctx.db.officialRecords.insert({ id: ctx.ids.next('officialRecord'), parent: siteId, family, fields, createdAt: ctx.now, updatedAt: ctx.now, ...extra });
}

/** Adds a row to a family of many under the site. */
export function keepRow(ctx: HandlerContext, family: Family, siteId: string, fields: Fields): OfficialRecord {
  return ctx.db.officialRecords.insert({ id: ctx.ids.next('officialRecord'), parent: siteId, family, fields, createdAt: ctx.now });
}
