/** Sites: list, create, get, update, delete. */
import { errors } from '../../contract/errors.ts';
import { reply, type Operation } from '../../contract/operation.ts';
import { paginate } from '../../contract/paginate.ts';
import type { SiteRecord } from '../../store/records.ts';
import { requireOrg } from '../shared/access.ts';
import { apiUrl } from '../shared/present.ts';
import { sectionField, siteOf, siteSpaceField } from '../shared/site-access.ts';
import { presentSite } from '../shared/present-site.ts';
import { spaceField } from './spaces.ts';
import { createBlankSpace } from '../shared/create-space.ts';
import { insertSiteSpace } from '../shared/site-space-writes.ts';
import { defaultSectionId } from '../shared/site-structure.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { proxyTarget } from '../shared/site-urls.ts';
import { KEPT, keepOne } from '../shared/kept.ts';
import { officialOp } from '../engine/operations.ts';


export const siteCoreOperations: Operation[] = [
  officialOp('listSites', {
    query: 'sites/list-sites-query',
    response: 'sites/site-list',
    handle: (ctx) => {
      const org = requireOrg(ctx, ctx.params.organizationId);
      const { space, title, published, type } = ctx.query;
      const { siteSpaces } = ctx.db;
      const needle = title?.toLowerCase();
      return paginate(ctx.db.sites.viewBy('organization', org.id), ctx.query, (s) => presentSite(ctx, org, s), (s) =>
        (space === undefined || siteSpaces.by('space', space).some((ss) => ss.site === s.id)) &&
        (needle === undefined || s.title.toLowerCase().includes(needle)) &&
        (published === undefined || s.published === published) &&
        (type === undefined || type.some((t) => t === s.type)),
      );
    },
  }),
  officialOp('createSite', {
    body: 'sites/create-site-body',
    response: 'sites/site',
    handle: (ctx) => {
      const org = requireOrg(ctx, ctx.params.organizationId, 'admin', 'create sites in this organization');
      const { spaces } = ctx.body;
      const existing = Array.isArray(spaces) ? spaces.map((id, i) => spaceField(ctx, org, id, `body.spaces[${i}]`)) : [];
      const site = ctx.db.sites.insert({
        id: ctx.ids.next('site'),
        organization: org.id,
        title: ctx.body.title ?? 'Untitled site',
        type: ctx.body.type ?? 'basic',
        visibility: ctx.body.visibility ?? 'public',
        published: false,
        agentsContext: 'included',
        adaptiveContent: { enabled: false },
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      const toAdd = spaces === 'new' || spaces === null ? [createBlankSpace(ctx, org, site.title)] : existing;
      for (const space of toAdd) insertSiteSpace(ctx, site, space, undefined);
      return reply(presentSite(ctx, org, site), { headers: { Location: apiUrl(ctx, `/orgs/${org.id}/sites/${site.id}`) } });
    },
  }),
  officialOp('getSiteById', {
    response: 'sites/site',
    handle: (ctx) => {
      const { org, site } = siteOf(ctx);
      return presentSite(ctx, org, site);
    },
  }),
  officialOp('deleteSiteById', {
    status: 205,
    handle: (ctx) => {
      removeWithDependents(ctx.db, 'sites', siteOf(ctx, true).site.id);
    },
  }),
  officialOp('updateSiteById', {
    body: 'sites/update-site-body',
    response: 'sites/site',
    handle: (ctx) => {
      const { org, site } = siteOf(ctx, true);
      const b = ctx.body;
      const { db } = ctx;
      const patch: Partial<SiteRecord> = {};
      if (b.title !== undefined) patch.title = b.title;
      if (b.visibility !== undefined) patch.visibility = b.visibility;
      if (b.basename !== undefined) patch.basename = b.basename;
      if (b.adaptiveContent !== undefined) patch.adaptiveContent = { enabled: b.adaptiveContent.enabled };
      if (b.agentsContext !== undefined) patch.agentsContext = b.agentsContext;
      if (b.defaultLevel !== undefined) patch.defaultLevel = b.defaultLevel;
      if (b.proxy !== undefined) patch.proxy = b.proxy === null ? undefined : { origin: b.proxy, target: proxyTarget(site) };
      if (b.defaultSiteSection !== undefined) patch.defaultSiteSection = sectionField(ctx, site, b.defaultSiteSection, 'body.defaultSiteSection').id;
      let sectionDefault: { section: string; siteSpace: string } | undefined;
      if (b.defaultSiteSpace !== undefined) {
        const ss = siteSpaceField(ctx, site, b.defaultSiteSpace, 'body.defaultSiteSpace');
        const defaultSection = patch.defaultSiteSection ?? defaultSectionId(ctx.db, site);
        if (defaultSection === undefined) patch.defaultSiteSpace = ss.id;
        else if (ss.section !== defaultSection) {
          throw errors.badRequest(`body.defaultSiteSpace: site space "${ss.id}" is not in the default section "${defaultSection}"`);
        } else sectionDefault = { section: defaultSection, siteSpace: ss.id };
      }
      // The style guide: a live space of the organization, or null for none.
      if (b.styleguide !== undefined) keepOne(ctx, KEPT.styleguide, site.id, { space: b.styleguide === null ? null : spaceField(ctx, org, b.styleguide, 'body.styleguide').id });
      if (Object.keys(b).length > 0) patch.updatedAt = ctx.now;
      if (sectionDefault) db.siteSections.update(sectionDefault.section, { defaultSiteSpace: sectionDefault.siteSpace });
      const next = Object.keys(patch).length > 0 ? db.sites.update(site.id, patch) : site;
      return presentSite(ctx, org, next);
    },
  }),
];
