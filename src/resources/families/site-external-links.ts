/**
 * External links of a site: entries of its structure that open an outside URL, at the top level
 * or in a section group (parent: the site; members read them in the structure, admins write).
 * The official document has no list or get for them: they show in the site's structure and its
 * published view, after the sections and groups of their container, in creation order until
 * sorted (sortSiteStructure).
 */
import { errors } from '../../contract/errors.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import type { SiteExternalLinkRecord } from '../../store/records.ts';
import { findIn } from '../shared/find.ts';
import { presentExternalLink } from '../shared/external-links.ts';
import { defineFamily } from '../engine/family.ts';
import type { Scope } from '../engine/parents.ts';

interface Body {
  title?: string;
  url?: string;
  description?: string | null;
  icon?: string | null;
  parent?: string | null;
  draft?: boolean;
  condition?: string | null;
}

/** `parent` must be a section group of the site (400 naming it); null or absent: the top level. */
function groupOf(ctx: HandlerContext, scope: Scope, parent: string | null | undefined): string | undefined {
  if (parent === null || parent === undefined) return undefined;
  if (!findIn(ctx.db.siteSectionGroups, parent, (g) => g.site === scope.id)) throw errors.unknownReference(parent, `parent: no section group "${parent}" in this site`);
  return parent;
}

/** A field that null removes and absence leaves. */
const nullable = <K extends string>(key: K, value: string | null | undefined) => (value === undefined ? {} : { [key]: value ?? undefined });

export const siteExternalLinks = defineFamily<SiteExternalLinkRecord, Required<Pick<Body, 'title' | 'url'>> & Body, Body>({
  collection: 'siteExternalLinks',
  table: (db) => db.siteExternalLinks,
  label: 'Site external link',
  idKind: 'siteExternalLink',
  parent: 'site',
  access: { read: 'view', write: 'admin' },
  operations: { create: 'addExternalLinkToSite', update: 'updateSiteExternalLinkById', delete: 'deleteSiteExternalLinkById' },
  deleteStatus: 205,
  example: {
    create: { title: 'Status page', url: 'https://status.acme.test' },
    update: { title: 'Service status', draft: true },
  },
  create: (body, ctx, scope) => {
    const group = groupOf(ctx, scope, body.parent);
    return {
      title: body.title,
      url: body.url,
      ...(typeof body.description === 'string' && { description: body.description }),
      ...(typeof body.icon === 'string' && { icon: body.icon }),
      ...(group && { sectionGroup: group }),
      draft: body.draft ?? false,
      ...(typeof body.condition === 'string' && { condition: body.condition }),
    };
  },
  update: (_record, body, ctx, scope) => ({
    ...(body.title !== undefined && { title: body.title }),
    ...(body.url !== undefined && { url: body.url }),
    ...nullable('description', body.description),
    ...nullable('icon', body.icon),
    ...(body.parent !== undefined && { sectionGroup: groupOf(ctx, scope, body.parent) }),
    ...(body.draft !== undefined && { draft: body.draft }),
    ...nullable('condition', body.condition),
  }),
  present: (l, ctx) => presentExternalLink(ctx, l),
  // {"key", "site", "title", "url", "description"?, "draft"?}
  scenario: {
    parentField: 'site',
    build: (e) => ({
      title: String(e.title),
      url: String(e.url),
      ...(typeof e.description === 'string' && { description: e.description }),
      draft: e.draft === true,
    }),
  },
});
