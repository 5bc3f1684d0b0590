/**
 * A published URL to what it shows, as GitBook's renderer asks for it before it renders a
 * page (getPublishedContentByUrl, resolvePublishedContentByUrl): the site whose URL starts the
 * URL (its custom hostname, proxy origin or gitbook.io URL), then on a share-link site the
 * share key (the next segment), then a section and a site space by their paths (the defaults
 * when the next segment names none), and what is left is the page path. docs/behaviour.md,
 * "URL lookups", says what each refusal is.
 */
import { ApiError, errors } from '../../contract/errors.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import type { SiteRecord, SiteSectionRecord, SiteSpaceRecord } from '../../store/records.ts';
import { sha256Hex } from '../../text/digest.ts';
import { redirectFor } from '../shared/redirects.ts';
import { pageEntries } from '../shared/page-tree.ts';
import { defaultSectionId, defaultSiteSpaceId, groupsAround, orderedSections, siteSpacesIn } from '../shared/site-structure.ts';
import { gitbookIoUrl, siteBaseUrl } from '../shared/site-urls.ts';
import { tokenTimes, visitorJwtClaims, type SiteTokenClaims } from '../../auth/site-token.ts';
import { opensFor } from '../../rules/adaptive-condition.ts';

export interface Visitor {
  type?: 'human' | 'agent';
  jwtToken?: string;
  unsignedClaims?: Record<string, unknown>;
}

export type Redirect = { target: 'content' | 'application'; redirect: string } | { target: 'external'; site: string; redirect: string };

export interface SiteContent {
  site: string;
  siteSection?: string;
  siteSpace: string;
  space: string;
  organization: string;
  pathname: string;
  basePath: string;
  siteBasePath: string;
  shareKey?: string;
  complete: boolean;
  canonicalUrl: string;
  contextId?: string;
}

export type Lookup = { redirect: Redirect } | { content: SiteContent; token: SiteTokenClaims };

const AUTH_MISSING = 'Authentication missing to access this content';

/** Decoded, non-empty path segments; 400 for a malformed escape. */
function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter(Boolean).map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      throw errors.badRequest(`url: the path is malformed (${pathname})`);
    }
  });
}

interface SiteMatch {
  site: SiteRecord;
  /** The segments of the URL that the site's own URL takes. */
  base: number;
  /** Matched on the site's gitbook.io URL although it lives elsewhere (a hostname or a proxy). */
  alias: boolean;
}

/** The site whose URL starts `url`: the longest match, the site's own URL before its gitbook.io one. */
function findSite(ctx: HandlerContext, host: string, segments: string[]): SiteMatch | undefined {
  const wanted = segments.map((s) => s.toLowerCase());
  let best: SiteMatch | undefined;
  for (const site of ctx.db.sites.all()) {
    const org = ctx.db.organizations.get(site.organization);
    if (!org) continue;
    const own = siteBaseUrl(org, site);
    const bases: [string, boolean][] = [[own, false]];
    const io = gitbookIoUrl(org, site);
    if (io !== own) bases.push([io, true]);
    for (const [base, alias] of bases) {
      const u = new URL(base);
      const parts = segmentsOf(u.pathname).map((s) => s.toLowerCase());
      if (u.host.toLowerCase() !== host || parts.some((p, i) => wanted[i] !== p)) continue;
      if (!best || parts.length > best.base || (parts.length === best.base && best.alias && !alias)) best = { site, base: parts.length, alias };
    }
  }
  return best;
}

function liveSections(ctx: HandlerContext, site: SiteRecord): SiteSectionRecord[] {
  return orderedSections(ctx.db, site.id).filter((s) => !s.draft && !groupsAround(ctx.db, s).some((g) => g.draft));
}

/** The item the next segment names by its path, else the container's default (or its first live item). */
function pick<T extends { id: string; path: string }>(items: T[], next: string | undefined, preferred: string | undefined): { item?: T; explicit: boolean } {
  const named = next === undefined ? undefined : items.find((i) => i.path.toLowerCase() === next.toLowerCase());
  if (named) return { item: named, explicit: true };
  return { item: items.find((i) => i.id === preferred) ?? items[0], explicit: false };
}

function path(segments: string[]): string {
  return segments.length ? `/${segments.map(encodeURIComponent).join('/')}/` : '/';
}

/**
 * What `input` shows to `visitor`. `legacyKey` is a `share_key` query parameter (the form this
 * mock's URLs once had). Throws the API's 404 (no published content there), 401 (a share-link
 * site without an active key, a visitor-auth site without a visitor token) or 400.
 */
export function lookupPublished(ctx: HandlerContext, input: string, visitor: Visitor): Lookup {
  const notFound = () => errors.notFound('Published content for URL', input);
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw notFound();
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw notFound();
  const segments = segmentsOf(url.pathname);
  const match = findSite(ctx, url.host.toLowerCase(), segments);
  const site = match?.site;
  if (!site || !site.published) throw notFound();
  const org = ctx.db.organizations.existing(site.organization);
  let rest = segments.slice(match.base);
  const siteSegments = segments.slice(0, match.base);

  if (match.alias) {
    // GitBook sends a site's gitbook.io URL to where the site lives.
    const tail = rest.map(encodeURIComponent).join('/');
    return { redirect: { target: 'content', redirect: tail ? `${siteBaseUrl(org, site)}/${tail}` : siteBaseUrl(org, site) } };
  }

  let shareKey: string | undefined;
  let contextId: string | undefined;
  // A visitor token carries the visitor's signed claims on any site (adaptive content); only a
  // visitor-auth site requires one.
  const visitorClaims = visitor.jwtToken ? visitorJwtClaims(visitor.jwtToken, ctx.now) : undefined;
  if (site.visibility === 'share-link') {
    const legacy = url.searchParams.get('share_key') ?? undefined;
    const key = legacy ?? rest[0];
    const link = key === undefined ? undefined : ctx.db.shareLinks.by('site', site.id).find((l) => l.key === key && l.active);
    if (!link) throw new ApiError(401, AUTH_MISSING);
    shareKey = link.key;
    if (legacy === undefined) {
      siteSegments.push(rest[0]);
      rest = rest.slice(1);
    }
  } else if (site.visibility === 'visitor-auth') {
    if (!visitorClaims) throw new ApiError(401, AUTH_MISSING);
    contextId = sha256Hex(`${site.id}:${visitor.jwtToken}`).slice(0, 20);
  }

  // What the visitor's claims open (adaptive content): a section or site space whose condition
  // fails for them is not there, as for the reads made with the token (shared/site-visitor.ts).
  const claims = { ...visitorClaims, ...(visitor.unsignedClaims && { unsigned: visitor.unsignedClaims }) };
  const opens = opensFor(claims);
  const holds = (row: { condition?: string }) => opens(row.condition);

  const sitePath = [...rest];
  const spaceSegments = [...siteSegments];
  const sections = liveSections(ctx, site).filter((s) => holds(s) && siteSpacesIn(ctx.db, site.id, s.id).some((ss) => !ss.draft && holds(ss)));
  const hasSections = ctx.db.siteSections.countBy('site', site.id) > 0;
  let section: SiteSectionRecord | undefined;
  let sectionExplicit = false;
  if (hasSections) {
    const picked = pick(sections, rest[0], defaultSectionId(ctx.db, site, (s) => sections.includes(s)));
    if (!picked.item) throw notFound();
    section = picked.item;
    sectionExplicit = picked.explicit;
    if (picked.explicit) spaceSegments.push(...rest.splice(0, 1));
  }
  const siteSpaces = siteSpacesIn(ctx.db, site.id, section?.id).filter((ss) => !ss.draft && holds(ss));
  const pickedSpace = pick<SiteSpaceRecord>(siteSpaces, rest[0], defaultSiteSpaceId(ctx.db, site, section?.id, holds));
  const siteSpace = pickedSpace.item;
  const space = siteSpace && ctx.db.spaces.get(siteSpace.space);
  if (!siteSpace || !space || space.deletedAt) throw notFound();
  if (pickedSpace.explicit) spaceSegments.push(...rest.splice(0, 1));

  const pathname = rest.join('/');
  const pages = ctx.db.revisions.get(space.revision)?.pages ?? [];
  const wanted = pathname.toLowerCase();
  if (pathname && !pageEntries(pages).some((e) => e.path.toLowerCase() === wanted)) {
    // A path that names no page: the site's redirects, as the renderer tries them (from the site root, then from the space).
    const scope = { id: site.id, organization: org.id, role: null };
    const sources = [`/${sitePath.join('/')}`, `/${pathname}`];
    for (const source of sources) {
      const found = redirectFor(ctx, scope, source, shareKey);
      if (!found) continue;
      return {
        redirect: found.redirect.destination.kind === 'external'
          ? { target: 'external', site: site.id, redirect: found.target }
          : { target: 'content', redirect: found.target },
      };
    }
  }

  const basePath = path(spaceSegments);
  const canonical = `${url.protocol}//${url.host}${basePath}${pathname.split('/').map(encodeURIComponent).join('/')}`;
  const complete = (!hasSections || sectionExplicit || sections.length === 1) && (pickedSpace.explicit || siteSpaces.length === 1);
  return {
    content: {
      site: site.id,
      ...(section && { siteSection: section.id }),
      siteSpace: siteSpace.id,
      space: space.id,
      organization: org.id,
      pathname,
      basePath,
      siteBasePath: path(siteSegments),
      ...(shareKey && { shareKey }),
      complete,
      canonicalUrl: canonical.length > 1 && canonical.endsWith('/') && basePath !== '/' ? canonical.slice(0, -1) : canonical,
      ...(contextId && { contextId }),
    },
    token: {
      kind: 'site',
      organization: org.id,
      spaces: [space.id],
      site: site.id,
      siteSpace: siteSpace.id,
      ...(section && { siteSection: section.id }),
      space: space.id,
      draft: false,
      visitorType: visitor.type ?? 'human',
      ...(Object.keys(claims).length > 0 && { claims }),
      ...tokenTimes(ctx.now, ctx.wall.wallMs()),
    },
  };
}
