/**
 * The published URLs of a space: through a published docs site of its organization that
 * contains it (public, unlisted and visitor-auth sites), or through a share-link site when
 * the caller gives the key of one of its active share links (`shareKey`).
 */
import type { HandlerContext } from '../../http/operation.ts';
import type { SiteRecord, SpaceRecord } from '../../store/records.ts';
import { slugify } from '../../scenarios/builder.ts';

type Ctx = HandlerContext<unknown, unknown, unknown>;

/** Where a site is served: its custom hostname, or the organization's gitbook.io subdomain. */
export function siteBaseUrl(ctx: Ctx, site: SiteRecord): string {
  const org = ctx.rt.db.organizations.get(site.organization);
  const host = site.hostname ?? `${org?.hostname ?? site.organization.toLowerCase()}.gitbook.io`;
  const basename = site.basename ?? slugify(site.title);
  return `https://${host}/${basename}`;
}

export interface PublishedUrls {
  published?: string;
  public?: string;
}

export function publishedUrls(ctx: Ctx, space: SpaceRecord, shareKey?: string): PublishedUrls {
  const { db } = ctx.rt;
  const link = shareKey ? db.shareLinks.get(db.shareLinks.idsBy('key', shareKey)[0] ?? '') : undefined;
  const sharedSite = link?.active ? link.site : undefined;
  let published: string | undefined;
  let isPublic = false;
  for (const siteSpace of db.siteSpaces.by('space', space.id)) {
    const site = db.sites.get(siteSpace.site);
    if (!site || !site.published || site.organization !== space.organization) continue;
    const reachable = site.visibility === 'share-link' ? site.id === sharedSite : true;
    if (!reachable) continue;
    published = `${siteBaseUrl(ctx, site)}/${siteSpace.path}`;
    isPublic = site.visibility === 'public';
    if (site.id === sharedSite || isPublic) break;
  }
  return { ...(published && { published }), ...(published && isPublic && { public: published }) };
}
