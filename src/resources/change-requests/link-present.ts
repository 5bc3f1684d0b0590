/**
 * Link items and backlink items. A reference names its organization (the Organization
 * object), its space (the Space object, as the official ContentLocation has it), the
 * version it was read in (`{ type: revision, revision }` or `{ type: changeRequest,
 * changeRequest }`, by id) and what it points at: a page (a summary), a file (the File
 * object) or a URL.
 */
import type { HandlerContext } from '../../contract/operation.ts';
import { presentOrganization } from '../shared/present-organization.ts';
import { presentSpaceToCaller } from '../shared/present-space.ts';
import type { PageEntry } from '../shared/page-tree.ts';
import { pageAppUrl, presentFile, type ContentPlace } from '../shared/content-present.ts';
import { targetKey, type FoundLink, type LinkStatus } from '../shared/links.ts';

function where(ctx: HandlerContext, place: ContentPlace) {
  const { space, changeRequest } = place;
  return {
    organization: presentOrganization(ctx, ctx.db.organizations.existing(space.organization)),
    space: presentSpaceToCaller(ctx, space),
    versionContext: changeRequest
      ? { type: 'changeRequest' as const, changeRequest: changeRequest.id }
      : { type: 'revision' as const, revision: place.revision.id },
  };
}

export function pageSummary(place: ContentPlace, entry: PageEntry) {
  return {
    id: entry.page.id,
    title: entry.page.title,
    ...(entry.page.emoji && { emoji: entry.page.emoji }),
    slug: entry.page.slug,
    path: entry.path,
    urls: { app: pageAppUrl(place, entry) },
  };
}

export function pageReference(ctx: HandlerContext, place: ContentPlace, entry: PageEntry) {
  return { kind: 'page' as const, ...where(ctx, place), page: pageSummary(place, entry) };
}

function targetReference(ctx: HandlerContext, place: ContentPlace, link: FoundLink) {
  const t = link.target;
  if (t.kind === 'page') return pageReference(ctx, place, t.page);
  if (t.kind === 'file') return { kind: 'file' as const, ...where(ctx, place), file: presentFile(ctx, place.space, t.file) };
  return { kind: 'url' as const, url: t.url };
}

export interface LinkGroup {
  key: string;
  status: LinkStatus;
  links: FoundLink[];
}

/** Links grouped by target: one item per target, with every page that links to it. */
export function groupLinks(links: FoundLink[]): LinkGroup[] {
  const groups = new Map<string, LinkGroup>();
  for (const link of links) {
    const key = `${link.status}:${link.status === 'broken' ? `${link.from.file}>` : ''}${targetKey(link)}`;
    const group = groups.get(key) ?? { key, status: link.status, links: [] };
    group.links.push(link);
    groups.set(key, group);
  }
  return [...groups.values()];
}

export function presentLinkGroup(ctx: HandlerContext, place: ContentPlace, group: LinkGroup) {
  const pages = [...new Map(group.links.map((l) => [l.from.page.id, l.from])).values()];
  return {
    status: group.status,
    relation: 'reference' as const,
    targetReference: targetReference(ctx, place, group.links[0]),
    locationReferences: pages.map((p) => pageReference(ctx, place, p)),
  };
}

/** A page that links to a file: the file in its context, and the page it is linked from. */
export function presentBacklink(ctx: HandlerContext, place: ContentPlace, link: FoundLink) {
  const file = link.target.kind === 'file' ? link.target.file : undefined;
  return {
    kind: 'file' as const,
    ...where(ctx, place),
    file: file && presentFile(ctx, place.space, file),
    page: pageSummary(place, link.from),
  };
}
