/**
 * Writing site spaces: the one place that places a space in a container (a section, or
 * the root of a site without sections) with a path unique in that container.
 */
import { errors } from '../../contract/errors.ts';
import { uniquePath } from '../../rules/site-order.ts';
import { slugify } from '../../text/slug.ts';
import type { SiteRecord, SiteSpaceRecord, SpaceRecord } from '../../store/records.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import { nextPosition, siteSpacesIn } from './site-structure.ts';

/** 409 when the space is already in the container (a space appears once per container). */
export function assertSpaceFree(ctx: HandlerContext, site: SiteRecord, sectionId: string | undefined, spaceId: string, except?: string): void {
  const clash = siteSpacesIn(ctx.db, site.id, sectionId).find((ss) => ss.space === spaceId && ss.id !== except);
  if (clash) {
    const where = sectionId ? `section "${sectionId}"` : 'this site';
    throw errors.conflict(`Space "${spaceId}" is already in ${where} (site space "${clash.id}")`);
  }
}

export function insertSiteSpace(
  ctx: HandlerContext,
  site: SiteRecord,
  space: SpaceRecord,
  sectionId: string | undefined,
  extra: Pick<SiteSpaceRecord, 'draft'> = {},
): SiteSpaceRecord {
  assertSpaceFree(ctx, site, sectionId, space.id);
  const siblings = siteSpacesIn(ctx.db, site.id, sectionId);
  return ctx.db.siteSpaces.insert({
    id: ctx.ids.next('siteSpace'),
    site: site.id,
    ...(sectionId && { section: sectionId }),
    space: space.id,
    path: uniquePath(slugify(space.title), new Set(siblings.map((s) => s.path))),
    ...(extra.draft !== undefined && { draft: extra.draft }),
    position: nextPosition(siblings),
    createdAt: ctx.now,
  });
}
