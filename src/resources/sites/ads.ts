/**
 * Ads on a site: the site's admins ask for them (updateSiteAdsById: to review with a topic, or
 * disabled), the ads partner lists the sites that asked and answers each (adsListSites,
 * adsUpdateSite: live with its zone, rejected with a reason, or back to pending). What was asked
 * and answered is kept per site in `officialRecords` (kept.ts) and shows as the site's `ads`.
 * The partner's calls take any token; the mock does not check the partner key.
 */
import { errors } from '../../contract/errors.ts';
import { reply, type Operation } from '../../contract/operation.ts';
import { arrayView, paginate } from '../../contract/paginate.ts';
import { siteOf } from '../shared/site-access.ts';
import { KEPT, adsOf, keepOne, keptOne } from '../shared/kept.ts';
import { siteBaseUrl } from '../shared/site-urls.ts';
import { officialOp } from '../engine/operations.ts';

export const adsOperations: Operation[] = [
  officialOp('updateSiteAdsById', {
    handle: (ctx) => {
      const { site } = siteOf(ctx, true);
      const { status, topic } = ctx.body;
      const before = keptOne(ctx, KEPT.ads, site.id)?.fields ?? {};
      if (status === 'in-review' && topic === undefined && before.topic === undefined) throw errors.badRequest('body.topic: a site goes to review with a topic');
      keepOne(ctx, KEPT.ads, site.id, {
        ...(status !== undefined && { status }),
        ...(topic !== undefined && { topic }),
        requestedBy: ctx.user.id,
      });
      return reply(null, {});
    },
  }),
  officialOp('adsListSites', {
    handle: (ctx) => {
      const asked = ctx.db.officialRecords.list().filter((r) => r.family === KEPT.ads);
      const rows = asked.flatMap((r) => {
        const site = ctx.db.sites.get(r.parent);
        const org = site && ctx.db.organizations.get(site.organization);
        const ads = site && adsOf(ctx, site);
        const requester = ctx.db.users.get(String(r.fields.requestedBy));
        if (!site || !org || !ads || !requester || !('topic' in ads || ads.status === 'rejected')) return [];
        if (ctx.query.status !== undefined && ads.status !== ctx.query.status) return [];
        const topic = 'topic' in ads ? ads.topic : r.fields.topic;
        if (topic !== 'webdev' && topic !== 'crypto') return [];
        const { status } = ads;
        const shown = status === 'live' ? { status, zoneId: ads.zoneId } : status === 'rejected' ? ads : status === 'in-review' ? { status } : undefined;
        return shown ? [{ id: site.id, url: siteBaseUrl(org, site), email: requester.email, topic, ...shown }] : [];
      });
      return paginate(arrayView(rows), ctx.query, (row) => row);
    },
  }),
  officialOp('adsUpdateSite', {
    handle: (ctx) => {
      const site = ctx.db.sites.get(ctx.params.siteId);
      const asked = site && keptOne(ctx, KEPT.ads, site.id);
      if (!site || !asked) throw errors.notFound('Site asking for ads', ctx.params.siteId);
      const b = ctx.body as { status: 'live' | 'rejected' | 'pending'; zoneId?: string; reportingId?: string; reason?: string };
      keepOne(ctx, KEPT.ads, site.id, {
        status: b.status,
        ...(b.zoneId !== undefined && { zoneId: b.zoneId }),
        ...(b.reportingId !== undefined && { reportingId: b.reportingId }),
        ...(b.status === 'rejected' && { reason: b.reason ?? null }),
      });
      return reply(null, {});
    },
  }),
];
