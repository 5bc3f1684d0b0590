/**
 * Site redirects: a family of the engine (parent: the site; any member reads, admins write,
 * as for the site's share links), plus getSiteRedirectBySource, the lookup GitBook's renderer
 * makes for a path it cannot find. Destinations are checked against the site (400 naming the
 * field); a `path` destination is kept as the page it names. bulkUpsertSiteRedirects changes
 * many at once by source (bulkUpsert below).
 */
import { ApiError, errors } from '../../contract/errors.ts';
import { type HandlerContext } from '../../contract/operation.ts';
import type { SiteRedirectDestination, SiteRedirectRecord } from '../../store/records.ts';
import { findIn } from '../shared/find.ts';
import { pagesOf, redirectFor } from '../shared/redirects.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { pageEntries, findPage } from '../shared/page-tree.ts';
import { defineFamily } from '../engine/family.ts';
import { officialOp } from '../engine/operations.ts';
import type { Scope } from '../engine/parents.ts';
import { siteOf } from '../shared/site-access.ts';
import { visits } from '../shared/site-visitor.ts';

type InputDestination = SiteRedirectDestination | { kind: 'path'; spaceId: string; path: string };
interface Body {
  source?: string;
  destination?: InputDestination;
  captureWildcard?: boolean;
  draft?: boolean;
  permanent?: boolean;
}

function siteSpaceOf(ctx: HandlerContext, scope: Scope, id: string, field: string) {
  const ss = findIn(ctx.db.siteSpaces, id, (s) => s.site === scope.id);
  if (!ss) throw errors.unknownReference(id, `${field}: no site space "${id}" in this site`);
  return ss;
}

/** The destination as kept: every id checked against the site, a `path` made the page it names. */
function destinationOf(ctx: HandlerContext, scope: Scope, d: InputDestination): SiteRedirectDestination {
  switch (d.kind) {
    case 'site-section':
      if (!findIn(ctx.db.siteSections, d.siteSectionId, (s) => s.site === scope.id)) {
        throw errors.unknownReference(d.siteSectionId, `destination.siteSectionId: no section "${d.siteSectionId}" in this site`);
      }
      return { kind: 'site-section', siteSectionId: d.siteSectionId };
    case 'site-space':
      siteSpaceOf(ctx, scope, d.siteSpaceId, 'destination.siteSpaceId');
      return { kind: 'site-space', siteSpaceId: d.siteSpaceId };
    case 'site-page': {
      const ss = siteSpaceOf(ctx, scope, d.siteSpaceId, 'destination.siteSpaceId');
      if (!findPage(pagesOf(ctx, ss.space), d.pageId)) throw errors.unknownReference(d.pageId, `destination.pageId: no page "${d.pageId}" in that site space`);
      return { kind: 'site-page', siteSpaceId: ss.id, pageId: d.pageId };
    }
    case 'path': {
      const ss = ctx.db.siteSpaces.by('site', scope.id).find((s) => s.space === d.spaceId);
      if (!ss) throw errors.badRequest(`destination.spaceId: space "${d.spaceId}" is not in this site`);
      const wanted = d.path.replace(/^\/+|\/+$/g, '');
      const entry = pageEntries(pagesOf(ctx, ss.space)).find((e) => e.path === wanted);
      if (!entry) throw errors.badRequest(`destination.path: no page at "${d.path}" in that space`);
      return { kind: 'site-page', siteSpaceId: ss.id, pageId: entry.page.id };
    }
    default:
      return { kind: 'external', url: d.url };
  }
}

/** One redirect per source in a site: a second one is a conflict. */
function checkSource(ctx: HandlerContext, scope: Scope, source: string, except?: string): void {
  const taken = ctx.db.siteRedirects.by('parent', scope.id).some((r) => r.source === source && r.id !== except);
  if (taken) throw errors.conflict(`A redirect from "${source}" already exists in this site`);
}

function present(r: SiteRedirectRecord) {
  return {
    object: 'site-redirect' as const,
    id: r.id,
    source: r.source,
    destination: r.destination,
    draft: r.draft,
    captureWildcard: r.captureWildcard,
    permanent: r.permanent,
    createdAt: r.createdAt,
    ...(r.updatedAt && { updatedAt: r.updatedAt }),
  };
}

/** One entry of bulkUpsertSiteRedirects (the official body's `redirects` items). */
type BulkEntry =
  | { source: string; intent: 'publish' }
  | { source: string; intent?: 'live' | 'draft'; destination: InputDestination | null; captureWildcard?: boolean; permanent?: boolean };

/**
 * bulkUpsertSiteRedirects, entry by entry, in order: a site holds one redirect per source, so an
 * entry names the redirect by its source. With a destination it is created, or updated (its
 * destination, its flags where given, and made draft or live as `intent` says); with `null` it
 * is deleted; `publish` makes a draft one live. What an entry cannot do (a destination naming
 * nothing of the site, a source with no redirect to delete or publish) is its `error` result,
 * and the other entries are still applied.
 */
function bulkUpsert(ctx: HandlerContext, scope: Scope, entries: readonly BulkEntry[]) {
  const bySource = (source: string) => ctx.db.siteRedirects.by('parent', scope.id).find((r) => r.source === source);
  return entries.map((entry) => {
    const found = bySource(entry.source);
    const draft = entry.intent === 'draft';
    const error = (message: string, isDraft = draft) => ({ status: 'error' as const, source: entry.source, draft: isDraft, error: message });
    if (entry.intent === 'publish') {
      if (!found?.draft) return error(found ? `The redirect from "${entry.source}" is already live` : `No draft redirect from "${entry.source}"`, true);
      ctx.db.siteRedirects.update(found.id, { draft: false, updatedAt: ctx.now });
      return { status: 'published' as const, source: entry.source, draft: false, id: found.id };
    }
    if (entry.destination === null) {
      if (!found || found.draft !== draft) return error(`No ${draft ? 'draft' : 'live'} redirect from "${entry.source}" to delete`);
      removeWithDependents(ctx.db, 'siteRedirects', found.id);
      return { status: 'deleted' as const, source: entry.source, draft };
    }
    let destination: SiteRedirectDestination;
    try {
      destination = destinationOf(ctx, scope, entry.destination);
    } catch (e) {
      if (e instanceof ApiError) return error(e.message);
      throw e;
    }
    const flags = {
      ...(entry.captureWildcard !== undefined && { captureWildcard: entry.captureWildcard }),
      ...(entry.permanent !== undefined && { permanent: entry.permanent }),
    };
    if (found) {
      ctx.db.siteRedirects.update(found.id, { destination, draft, ...flags, updatedAt: ctx.now });
      return { status: 'updated' as const, source: entry.source, draft, id: found.id };
    }
    const made = ctx.db.siteRedirects.insert({
      id: ctx.ids.next('siteRedirect'),
      parent: scope.id,
      source: entry.source,
      destination,
      draft,
      captureWildcard: false,
      permanent: false,
      ...flags,
      createdAt: ctx.now,
    });
    return { status: 'created' as const, source: entry.source, draft, id: made.id };
  });
}

export const siteRedirects = defineFamily<SiteRedirectRecord, Required<Pick<Body, 'source' | 'destination'>> & Body, Body, { search?: string; draft?: boolean }>({
  collection: 'siteRedirects',
  table: (db) => db.siteRedirects,
  label: 'Site redirect',
  idKind: 'siteRedirect',
  parent: 'site',
  access: { read: 'view', write: 'admin' },
  operations: { list: 'listSiteRedirects', create: 'createSiteRedirect', update: 'updateSiteRedirectById', delete: 'deleteSiteRedirectById' },
  order: 'desc',
  example: {
    create: { source: '/moved/*', destination: { kind: 'external', url: 'https://example.com/moved' }, captureWildcard: true },
    update: { permanent: true },
  },
  deleteStatus: 205,
  create: (body, ctx, scope) => {
    checkSource(ctx, scope, body.source);
    return {
      source: body.source,
      destination: destinationOf(ctx, scope, body.destination),
      draft: body.draft ?? false,
      captureWildcard: body.captureWildcard ?? false,
      permanent: body.permanent ?? false,
    };
  },
  update: (record, body, ctx, scope) => {
    if (body.source !== undefined) checkSource(ctx, scope, body.source, record.id);
    return {
      ...(body.source !== undefined && { source: body.source }),
      ...(body.destination !== undefined && { destination: destinationOf(ctx, scope, body.destination) }),
      ...(body.draft !== undefined && { draft: body.draft }),
      ...(body.captureWildcard !== undefined && { captureWildcard: body.captureWildcard }),
      ...(body.permanent !== undefined && { permanent: body.permanent }),
    };
  },
  present,
  // {"key", "site", "source", "destination": {"kind": "external", "url"} or {"kind": "site-space",
  // "siteSpace": KEY} or {"kind": "site-section", "siteSection": KEY} or {"kind": "site-page",
  // "siteSpace": KEY, "page": KEY}, "draft"?, "captureWildcard"?, "permanent"?}
  scenario: {
    parentField: 'site',
    build: (e, ref, path) => {
      const d = (e.destination ?? {}) as Record<string, string>;
      const at = `${path}/destination`;
      const destination: SiteRedirectDestination =
        d.kind === 'site-space' ? { kind: 'site-space', siteSpaceId: ref('siteSpaces', d.siteSpace, `${at}/siteSpace`) }
        : d.kind === 'site-section' ? { kind: 'site-section', siteSectionId: ref('siteSections', d.siteSection, `${at}/siteSection`) }
        : d.kind === 'site-page' ? { kind: 'site-page', siteSpaceId: ref('siteSpaces', d.siteSpace, `${at}/siteSpace`), pageId: ref('pages', d.page, `${at}/page`) }
        : { kind: 'external', url: String(d.url) };
      return { source: String(e.source), destination, draft: e.draft === true, captureWildcard: e.captureWildcard === true, permanent: e.permanent === true };
    },
  },
  filter: (r, q) => r.draft === (q.draft ?? false) && (q.search === undefined || r.source.toLowerCase().includes(q.search.toLowerCase())),
  extra: (helpers) => [
    officialOp('getSiteRedirectBySource', {
      handle: (ctx) => {
        // The site's visitor asks for the redirect of a path that names no page (shared/site-visitor.ts).
        const { org, site } = siteOf(ctx);
        const scope = visits(ctx, site, 'getSiteRedirectBySource') ? { id: site.id, organization: org.id, role: 'read' as const } : helpers.scope(ctx);
        const found = redirectFor(ctx, scope, ctx.query.source, ctx.query.shareKey);
        if (!found) throw errors.notFound('Redirect for source', ctx.query.source);
        return { redirect: present(found.redirect), target: found.target };
      },
    }),
    officialOp('bulkUpsertSiteRedirects', {
      body: 'sites/bulk-upsert-redirects-body',
      handle: (ctx) => ({ results: bulkUpsert(ctx, helpers.scope(ctx, true), ctx.body.redirects as BulkEntry[]) }),
    }),
  ],
});
