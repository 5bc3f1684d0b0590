/** Share links of a site: list, create, update (activate / deactivate, rename), delete. */
import { reply, type Operation } from '../../contract/operation.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { paginate } from '../../contract/paginate.ts';
import { applyShareLinkChange, SHARE_LINK_MACHINE } from '../../rules/share-links.ts';
import { apiUrl } from '../shared/present.ts';
import { requireShareLink, siteOf } from '../shared/site-access.ts';
import { presentShareLink } from '../shared/present-site.ts';
import { officialOp } from '../engine/operations.ts';

export const shareLinkOperations: Operation[] = [
  officialOp('listSiteShareLinks', {
    query: 'sites/list-share-links-query',
    response: 'sites/share-link-list',
    handle: (ctx) => {
      const view = siteOf(ctx);
      const needle = ctx.query.search?.toLowerCase();
      return paginate(ctx.db.shareLinks.viewBy('site', view.site.id), ctx.query, (l) => presentShareLink(view, l), (l) =>
        needle === undefined || l.name.toLowerCase().includes(needle) || l.key.toLowerCase().includes(needle),
      );
    },
  }),
  officialOp('createSiteShareLink', {
    body: 'sites/create-share-link-body',
    response: 'sites/share-link',
    handle: (ctx) => {
      const view = siteOf(ctx, true);
      const link = ctx.db.shareLinks.insert({
        id: ctx.ids.next('shareLink'),
        site: view.site.id,
        name: ctx.body.name,
        key: ctx.ids.token('share-link', '', (key) => ctx.db.shareLinks.countBy('key', key) > 0),
        active: true,
        createdAt: ctx.now,
      });
      return reply(presentShareLink(view, link), { headers: { Location: apiUrl(ctx, `/orgs/${view.org.id}/sites/${view.site.id}/share-links/${link.id}`) } });
    },
  }),
  officialOp('deleteSiteShareLinkById', {
    status: 205,
    handle: (ctx) => {
      const { site } = siteOf(ctx, true);
      removeWithDependents(ctx.db, 'shareLinks', requireShareLink(ctx, site, ctx.params.shareLinkId).id);
    },
  }),
  officialOp('updateSiteShareLinkById', {
    body: 'sites/update-share-link-body',
    response: 'sites/share-link',
    handle: (ctx) => {
      const view = siteOf(ctx, true);
      const link = requireShareLink(ctx, view.site, ctx.params.shareLinkId);
      const next = applyShareLinkChange(link, ctx.body);
      if (next.active !== link.active) ctx.coverage.transition(SHARE_LINK_MACHINE, link.active ? 'active' : 'revoked', next.active ? 'active' : 'revoked');
      return presentShareLink(view, ctx.db.shareLinks.update(link.id, { name: next.name, active: next.active }));
    },
  }),
];
