/** Links: of a change request's page, of a space's current content; file backlinks. */
import { op, type Operation } from '../../contract/operation.ts';
import { arrayView, paginate } from '../../contract/paginate.ts';
import { isActive } from '../../rules/change-request.ts';
import type { RevisionRecord } from '../../store/records.ts';
import { requireSpace } from '../shared/access.ts';
import { K } from './content.ts';
import { changeRequestContent, requireFile, requirePage } from '../shared/content.ts';
import { revisionOf } from '../shared/revisions.ts';
import { groupLinks, presentBacklink, presentLinkGroup, type LinkGroup } from './link-present.ts';
import { LinkResolver } from '../shared/links.ts';

function brokenKeys(revision: RevisionRecord, pageId?: string): Set<string> {
  const resolver = new LinkResolver(revision);
  const entries = pageId ? resolver.entries.filter((e) => e.page.id === pageId) : undefined;
  return new Set(groupLinks(resolver.links(entries)).filter((g) => g.status === 'broken').map((g) => g.key));
}

function stats(groups: LinkGroup[], brokenInChangeRequests: number) {
  return {
    total: groups.length,
    broken: { total: groups.filter((g) => g.status === 'broken').length, changeRequest: brokenInChangeRequests },
  };
}

export const linkOperations: Operation[] = [
  op({
    operationId: 'listPageLinksInChangeRequest',
    official: false,
    method: 'GET',
    path: `${K}/page/{pageId}/links`,
    status: 200,
    query: 'common/pagination-query',
    response: 'content/link-list',
    handle: (ctx) => {
      const place = changeRequestContent(ctx);
      const entry = requirePage(place, ctx.params.pageId);
      const groups = groupLinks(new LinkResolver(place.revision).links([entry]));
      // Broken in the change request, and not already broken on that page in the primary content.
      const primary = brokenKeys(revisionOf(ctx, place.space.revision), entry.page.id);
      const introduced = groups.filter((g) => g.status === 'broken' && !primary.has(g.key)).length;
      return { ...paginate(arrayView(groups), ctx.query, (g) => presentLinkGroup(ctx, place, g)), stats: stats(groups, introduced) };
    },
  }),
  op({
    operationId: 'listFileBacklinksInChangeRequest',
    official: false,
    method: 'GET',
    path: `${K}/files/{fileId}/backlinks`,
    status: 200,
    query: 'common/pagination-query',
    response: 'content/backlink-list',
    handle: (ctx) => {
      const place = changeRequestContent(ctx);
      const file = requireFile(place, ctx.params.fileId);
      const links = new LinkResolver(place.revision).links().filter((l) => l.target.kind === 'file' && l.target.file.id === file.id);
      const byPage = [...new Map(links.map((l) => [l.from.page.id, l])).values()];
      return paginate(arrayView(byPage), ctx.query, (l) => presentBacklink(ctx, place, l));
    },
  }),
  op({
    operationId: 'listSpaceLinks',
    official: false,
    method: 'GET',
    path: '/v1/spaces/{spaceId}/links',
    status: 200,
    query: 'content/links-query',
    response: 'content/link-list',
    handle: (ctx) => {
      const { space } = requireSpace(ctx, ctx.params.spaceId, 'view');
      const place = { space, revision: revisionOf(ctx, space.revision) };
      const groups = groupLinks(new LinkResolver(place.revision).links());
      const primary = new Set(groups.filter((g) => g.status === 'broken').map((g) => g.key));
      // Broken links that only the space's active change requests hold.
      const inChangeRequests = new Set<string>();
      for (const cr of ctx.db.changeRequests.by('space', space.id).filter(isActive)) {
        for (const key of brokenKeys(revisionOf(ctx, cr.revision))) if (!primary.has(key)) inChangeRequests.add(key);
      }
      const { status } = ctx.query;
      const list = paginate(arrayView(groups), ctx.query, (g) => presentLinkGroup(ctx, place, g), status ? (g) => g.status === status : undefined);
      return { ...list, stats: stats(groups, inChangeRequests.size) };
    },
  }),
];
