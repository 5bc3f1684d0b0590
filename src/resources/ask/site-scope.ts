/**
 * The site spaces a site search or question covers (the official SiteSearchScope, and the
 * deprecated `mode` forms beside it), and the spaces behind them. Draft site spaces and
 * deleted spaces are left out: the published site shows neither; nor are those a site token's
 * visitor does not see (adaptive content: shared/site-visitor.ts).
 */
import type { HandlerContext } from '../../contract/operation.ts';
import type { SiteRecord, SiteSpaceRecord, SpaceRecord } from '../../store/records.ts';
import { siteSpaceField } from '../shared/site-access.ts';
import { siteSpaceShownTo } from '../shared/site-visitor.ts';
import { defaultSiteSpaceId, orderedSections, orderedSiteSpaces } from '../shared/site-structure.ts';

export interface ScopeBody {
  scope?: { mode: string; currentSiteSpace?: string; restrictTo?: string; siteSpaceIds?: string[] };
  mode?: string;
  siteSpaceId?: string;
  siteSpaceIds?: string[];
}

/** The default site space of every section (and of the root), in structure order. */
function defaults(ctx: HandlerContext, site: SiteRecord, shown: (ss: SiteSpaceRecord) => boolean): string[] {
  const ids = [defaultSiteSpaceId(ctx.db, site, undefined, shown), ...orderedSections(ctx.db, site.id).map((s) => defaultSiteSpaceId(ctx.db, site, s.id, shown))];
  return ids.filter((id): id is string => id !== undefined);
}

/** The site spaces the body's scope names, in structure order; a site space of another site is a 400 naming the field. */
export function scopedSiteSpaces(ctx: HandlerContext, site: SiteRecord, body: ScopeBody): SiteSpaceRecord[] {
  const scope = body.scope ?? { mode: body.mode ?? 'default', currentSiteSpace: body.siteSpaceId, siteSpaceIds: body.siteSpaceIds };
  const field = body.scope ? 'scope' : '';
  const shown = siteSpaceShownTo(ctx.db, ctx.user.id);
  const named = (id: string, name: string) => siteSpaceField(ctx, site, id, field ? `${field}.${name}` : name).id;
  let wanted: Set<string>;
  if (scope.mode === 'all') wanted = new Set(orderedSiteSpaces(ctx.db, site.id).map((s) => s.id));
  else if (scope.mode === 'specific' || (!body.scope && body.siteSpaceIds)) wanted = new Set((scope.siteSpaceIds ?? []).map((id) => named(id, 'siteSpaceIds')));
  else {
    const current = scope.currentSiteSpace === undefined ? undefined : named(scope.currentSiteSpace, body.scope ? 'currentSiteSpace' : 'siteSpaceId');
    const base = defaults(ctx, site, shown);
    if (scope.restrictTo === 'currentSiteSpace') wanted = new Set(current ? [current] : []);
    else if (scope.restrictTo === 'otherSiteSpaces') wanted = new Set(base.filter((id) => id !== current));
    else wanted = new Set(current ? [...base, current] : base);
  }
  return orderedSiteSpaces(ctx.db, site.id).filter((ss) => wanted.has(ss.id) && !ss.draft && shown(ss));
}

/** The live spaces behind site spaces, each once, in order. */
export function spacesOf(ctx: HandlerContext, siteSpaces: readonly SiteSpaceRecord[]): SpaceRecord[] {
  const seen = new Set<string>();
  const spaces: SpaceRecord[] = [];
  for (const ss of siteSpaces) {
    const space = ctx.db.spaces.get(ss.space);
    if (!space || space.deletedAt || seen.has(space.id)) continue;
    seen.add(space.id);
    spaces.push(space);
  }
  return spaces;
}
