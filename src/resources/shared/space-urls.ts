/**
 * The published URLs of a space: through a published docs site of its organization that
 * contains it (public, unlisted and visitor-auth sites), or through a share-link site when
 * the caller gives the key of one of its active share links (`shareKey`). The URL is the
 * site space's own published URL (shared/site-urls.ts), so both always agree.
 */
import type { Presenting } from './present.ts';
import type { SpaceRecord } from '../../store/records.ts';
import { siteSpaceUrl, urlContext } from './site-urls.ts';

export interface PublishedUrls {
  published?: string;
  public?: string;
}

export function publishedUrls(ctx: Pick<Presenting, 'db'>, space: SpaceRecord, shareKey?: string): PublishedUrls {
  const { db } = ctx;
  const link = shareKey ? db.shareLinks.get(db.shareLinks.idsBy('key', shareKey)[0] ?? '') : undefined;
  const shared = link?.active ? link : undefined;
  let published: string | undefined;
  let isPublic = false;
  for (const siteSpace of db.siteSpaces.by('space', space.id)) {
    const site = db.sites.get(siteSpace.site);
    const org = site ? db.organizations.get(site.organization) : undefined;
    if (!site || !org || !site.published || site.organization !== space.organization) continue;
    const key = shared && shared.site === site.id ? shared.key : undefined;
    if (site.visibility === 'share-link' && !key) continue;
    published = siteSpaceUrl(ctx.db, urlContext(ctx.db, org, site, key), siteSpace);
    isPublic = site.visibility === 'public';
    if (key || isPublic) break;
  }
  return { ...(published && { published }), ...(published && isPublic && { public: published }) };
}
