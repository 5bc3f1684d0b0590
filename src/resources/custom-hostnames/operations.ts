/**
 * Custom hostnames, computed from the sites that have one (`hostname` of a site record):
 * read by anyone who sees the site's organization (404 otherwise, as for the site), removed
 * by its admins (the site goes back to its gitbook.io URL; 204 when there was none), DNS revalidation a no-op while it
 * is live. The record is the site's; nothing else is kept.
 */
import { can } from '../../auth/roles.ts';
import { errors } from '../../contract/errors.ts';
import { op, reply, type HandlerContext, type Operation } from '../../contract/operation.ts';
import type { SiteRecord } from '../../store/records.ts';
import { officialSchema } from '../engine/family.ts';
import { orgRole } from '../shared/access.ts';
import { apiUrl } from '../shared/present.ts';
import { officialOp } from '../engine/operations.ts';

/** The site with this hostname that the caller may see (404 otherwise, saying nothing of others). */
function siteOf(ctx: HandlerContext, hostname: string, write = false): SiteRecord {
  const wanted = hostname.toLowerCase();
  const site = ctx.db.sites.find((s) => s.hostname?.toLowerCase() === wanted);
  const role = site ? orgRole(ctx.db, site.organization, ctx.user.id) : undefined;
  if (!site || role === undefined) throw errors.notFound('Custom hostname', hostname);
  if (write && !can(role, 'admin')) throw errors.forbidden('change the custom hostnames of this organization');
  return site;
}

export const customHostnameOperations: Operation[] = [
  officialOp('getCustomHostname', {
    handle: (ctx) => {
      const site = siteOf(ctx, ctx.params.hostname);
      // The site was found by its hostname: the one it keeps, as it was written.
      const hostname = site.hostname ?? ctx.params.hostname;
      return {
        object: 'custom-hostname' as const,
        hostname,
        target: { type: 'site' as const, site: site.id },
        isActive: true,
        status: 'live' as const,
        urls: { location: apiUrl(ctx, `/custom-hostnames/${encodeURIComponent(hostname)}`) },
      };
    },
  }),
  officialOp('dnsRevalidateCustomHostname', {
    // The official operation takes no body: the schema is an empty object's.
    body: officialSchema.body('dnsRevalidateCustomHostname'),
    handle: (ctx) => {
      siteOf(ctx, ctx.params.hostname, true);
    },
  }),
  officialOp('removeCustomHostname', {
    status: 205,
    handle: (ctx) => {
      // As the official document says: 204 when there was no such hostname (to see), 205 when removed.
      const site = ctx.db.sites.find((s) => s.hostname?.toLowerCase() === ctx.params.hostname.toLowerCase());
      if (!site || orgRole(ctx.db, site.organization, ctx.user.id) === undefined) return reply(undefined, { status: 204 });
      siteOf(ctx, ctx.params.hostname, true);
      ctx.db.sites.update(site.id, { hostname: undefined, updatedAt: ctx.now });
      return reply(undefined, {});
    },
  }),
];
