/**
 * Publishing a site: publish and unpublish (the site's `published`, answered with the site
 * itself), the preview URL of a site space, and the site's publishing auth (visitor
 * authentication: its backend, fallback and logout URLs, and the private key visitor tokens are
 * signed with). The auth is one object per site kept in `officialRecords` (kept.ts); until it is
 * written it shows the custom backend and no URLs; its private key is the mock's own, derived
 * from the seed, the site and how many times it was regenerated.
 */
import { reply, type HandlerContext, type Operation } from '../../contract/operation.ts';
import { deriveId } from '../../ids.ts';
import type { OfficialRecord, SiteRecord } from '../../store/records.ts';
import { siteOf, siteSpaceField } from '../shared/site-access.ts';
import { KEPT, keepOne, keptOne } from '../shared/kept.ts';
import { presentSite } from '../shared/present-site.ts';
import { defaultSectionId, defaultSiteSpaceId } from '../shared/site-structure.ts';
import { officialOp } from '../engine/operations.ts';

/** Publishes (`true`) or unpublishes a site and answers it as it now is. */
function setPublished(ctx: HandlerContext, published: boolean) {
  const { org, site } = siteOf(ctx, true);
  const next = site.published === published ? site : ctx.db.sites.update(site.id, { published, updatedAt: ctx.now });
  return presentSite(ctx, org, next);
}

export function presentPublishingAuth(ctx: HandlerContext, site: SiteRecord, kept: OfficialRecord | undefined) {
  const fields = kept?.fields ?? {};
  const text = (name: string) => (typeof fields[name] === 'string' ? { [name]: fields[name] as string } : {});
  return {
    object: 'publishing-auth' as const,
    backend: fields.backend === 'integration' ? ('integration' as const) : ('custom' as const),
    privateKey: deriveId(`${ctx.seed}:publishing-auth:${site.id}:${kept?.generation ?? 0}`, 64),
    ...text('fallbackURL'),
    ...text('logoutURL'),
  };
}

export const publishingOperations: Operation[] = [
  officialOp('publishSite', {
    body: 'common/empty-body',
    handle: (ctx) => setPublished(ctx, true),
  }),
  officialOp('unpublishSite', {
    body: 'common/empty-body',
    handle: (ctx) => setPublished(ctx, false),
  }),
  officialOp('getSitePublishingPreviewById', {
    handle: (ctx) => {
      const { org, site } = siteOf(ctx);
      const { siteSpace, claims, draft, target } = ctx.query;
      if (target !== undefined) return { url: target };
      const ss = siteSpace !== undefined ? siteSpaceField(ctx, site, siteSpace, 'query.siteSpace') : undefined;
      const chosen = ss?.id ?? defaultSiteSpaceId(ctx.db, site, defaultSectionId(ctx.db, site));
      const query = new URLSearchParams();
      if (chosen) query.set('siteSpace', chosen);
      if (draft === false) query.set('draft', 'false');
      if (claims !== undefined) query.set('claims', claims);
      const shown = query.size > 0 ? `?${query}` : '';
      return { url: `${presentSite(ctx, org, site).urls.preview}${shown}` };
    },
  }),
  officialOp('getSitePublishingAuthById', {
    handle: (ctx) => {
      const { site } = siteOf(ctx);
      return presentPublishingAuth(ctx, site, keptOne(ctx, KEPT.publishingAuth, site.id));
    },
  }),
  officialOp('updateSitePublishingAuthById', {
    handle: (ctx) => {
      const { site } = siteOf(ctx, true);
      const { backend, fallbackURL, logoutURL } = ctx.body;
      // null clears a URL (kept as null, shown as absent); absence leaves it.
      const kept = keepOne(ctx, KEPT.publishingAuth, site.id, {
        backend,
        ...(fallbackURL !== undefined && { fallbackURL }),
        ...(logoutURL !== undefined && { logoutURL }),
      });
      return presentPublishingAuth(ctx, site, kept);
    },
  }),
  officialOp('regenerateSitePublishingAuthById', {
    body: 'common/empty-body',
    handle: (ctx) => {
      const { site } = siteOf(ctx, true);
      const found = keptOne(ctx, KEPT.publishingAuth, site.id);
      const kept = keepOne(ctx, KEPT.publishingAuth, site.id, {}, { generation: (found?.generation ?? 0) + 1 });
      return presentPublishingAuth(ctx, site, kept);
    },
  }),
  officialOp('applyTemplateToSite', {
    // The default template's content is not modelled: the site is checked and left as it is.
    body: 'common/empty-body',
    handle: (ctx) => {
      siteOf(ctx, true);
      return reply(null, {});
    },
  }),
];
