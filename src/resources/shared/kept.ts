/**
 * What a site keeps besides its own record: its publishing auth, agent settings, ads request,
 * style guide and its runs, the insight events its pages reported and the feedback agents
 * sent. They are rows of `officialRecords` (family: the official path with its parameters as
 * `{}`, parent: the site), the table the generic tier keeps its records in, so reset, sessions,
 * `--data` and state export and import hold them; a singleton is one row per site, found by the
 * same key the generic tier used before these operations were written by hand.
 */
import type { HandlerContext } from '../../contract/operation.ts';
import type { OfficialRecord, SiteRecord, SpaceRecord } from '../../store/records.ts';

export const KEPT = {
  agentSettings: '/v1/orgs/{}/sites/{}/agent-settings',
  publishingAuth: '/v1/orgs/{}/sites/{}/publishing/auth',
  ads: '/v1/orgs/{}/sites/{}/ads',
  styleguide: '/v1/orgs/{}/sites/{}/styleguide',
  styleguideRuns: '/v1/orgs/{}/sites/{}/styleguide/runs',
  insightEvents: '/v1/orgs/{}/sites/{}/insights/events',
  agentFeedback: '/v1/orgs/{}/sites/{}/agents/feedback',
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

/** The site's style guide space (createSiteStyleguideById), while it is a live space. */
export function styleguideOf(ctx: Pick<HandlerContext, 'db'>, site: SiteRecord): SpaceRecord | undefined {
  const id = keptOne(ctx, KEPT.styleguide, site.id)?.fields.space;
  const space = typeof id === 'string' ? ctx.db.spaces.get(id) : undefined;
  return space && !space.deletedAt ? space : undefined;
}

/** The site's ads as the official SiteAds shows them, when what was asked can be shown. */
export function adsOf(ctx: Pick<HandlerContext, 'db'>, site: SiteRecord) {
  const f = keptOne(ctx, KEPT.ads, site.id)?.fields;
  if (!f) return undefined;
  const topic = f.topic === 'webdev' || f.topic === 'crypto' ? f.topic : undefined;
  const zoneId = typeof f.zoneId === 'string' ? f.zoneId : undefined;
  switch (f.status) {
    case 'pending': return { status: 'pending' as const, submittable: true };
    case 'in-review': return topic && { status: 'in-review' as const, topic };
    case 'rejected': return { status: 'rejected' as const, ...(typeof f.reason === 'string' && { reason: f.reason }) };
    case 'live':
    case 'disabled': return topic && zoneId ? { status: f.status, topic, zoneId } : undefined;
    default: return undefined;
  }
}
