/**
 * What an organization asks of GitBook's services, answered from what the mock holds: AI usage
 * (the mock runs no AI feature: every period of the range at zero credits), its style guides (the
 * spaces its sites made one of) and the templates to start one (none: the mock has no built-in
 * template), and a translation run (accepted; the mock translates nothing). Its storage (the
 * signed upload URLs) is storage.ts.
 */
import { errors } from '../../contract/errors.ts';
import { reply, type Operation } from '../../contract/operation.ts';
import { officialSchema } from '../engine/family.ts';
import { requireOrgAdmin, requireOrgReader, requireTranslation } from '../shared/org-lookup.ts';
import { officialOp } from '../engine/operations.ts';
import { styleguideOf } from '../shared/kept.ts';
import { spaceRole } from '../shared/access.ts';
import { presentSpace } from '../shared/present-space.ts';
import { presentSite } from '../shared/present-site.ts';
import type { SiteRecord } from '../../store/records.ts';

/** The most periods one answer holds (two years of days and then some), so a range cannot make an answer without end. */
const MAX_PERIODS = 800;

type Interval = 'day' | 'week' | 'month' | 'year';

/** The UTC start of the calendar bucket holding `t` (weeks start on Monday). */
function bucketStart(t: Date, interval: Interval): Date {
  const d = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()));
  if (interval === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  if (interval === 'month') d.setUTCDate(1);
  if (interval === 'year') d.setUTCMonth(0, 1);
  return d;
}

function nextBucket(d: Date, interval: Interval): Date {
  const n = new Date(d);
  if (interval === 'day') n.setUTCDate(n.getUTCDate() + 1);
  if (interval === 'week') n.setUTCDate(n.getUTCDate() + 7);
  if (interval === 'month') n.setUTCMonth(n.getUTCMonth() + 1);
  if (interval === 'year') n.setUTCFullYear(n.getUTCFullYear() + 1);
  return n;
}

export const orgServiceOperations: Operation[] = [
  officialOp('getOrganizationAIUsage', {
    handle: (ctx) => {
      requireOrgAdmin(ctx, ctx.params.organizationId, 'read the billing of this organization');
      const interval: Interval = ctx.query.interval ?? 'day';
      const from = new Date(ctx.query.from);
      const to = new Date(Math.min(Date.parse(ctx.query.to), Date.parse(ctx.now)));
      if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) throw errors.invalid('query', 'from and to must be date-times');
      if (Date.parse(ctx.now) - from.getTime() > 2 * 366 * 86_400_000) throw errors.invalid('query', 'from: no older than two years');
      const periods: { date: string; credits: number; features: never[] }[] = [];
      for (let d = bucketStart(from, interval); d < to; d = nextBucket(d, interval)) {
        if (periods.length === MAX_PERIODS) throw errors.invalid('query', `the range holds more than ${MAX_PERIODS} periods of a ${interval}`);
        periods.push({ date: d.toISOString().slice(0, 10), credits: 0, features: [] });
      }
      return { from: from.toISOString(), to: to < from ? from.toISOString() : to.toISOString(), periods };
    },
  }),
  officialOp('listOrganizationStyleguides', {
    handle: (ctx) => {
      const org = requireOrgReader(ctx, ctx.params.organizationId);
      // Each space a site of the organization made its style guide (createSiteStyleguideById), with the sites that point at it.
      const sitesOf = new Map<string, SiteRecord[]>();
      for (const site of ctx.db.sites.by('organization', org.id)) {
        const space = styleguideOf(ctx, site);
        if (space) sitesOf.set(space.id, [...(sitesOf.get(space.id) ?? []), site]);
      }
      return {
        styleguides: [...sitesOf].map(([id, sites]) => {
          const space = ctx.db.spaces.existing(id);
          return { space: presentSpace(ctx, space, spaceRole(ctx.db, space, ctx.user.id)), sites: sites.map((site) => presentSite(ctx, org, site)) };
        }),
      };
    },
  }),
  officialOp('listStyleguideTemplates', {
    handle: (ctx) => {
      requireOrgReader(ctx, ctx.params.organizationId);
      return { templates: [] };
    },
  }),
  officialOp('runTranslation', {
    // The official operation takes no body: its schema is an open object's.
    body: officialSchema.body('runTranslation'),
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, 'run translations');
      requireTranslation(ctx, org, ctx.params.translationId);
      return reply(undefined, {});
    },
  }),
];
