/**
 * sortSiteStructure: one move in a site's structure, kept, so the structure read shows it. The
 * item goes before or after the item a pointer names, into that item's container, or (no
 * pointer) to the end of the top level; a site space to the end of its own section. Items move
 * among their own kind of neighbours, as the structure holds them: site spaces among the site
 * spaces of a section, sections and section groups among the sections and groups of a container,
 * external links among the external links of a container (after its sections and groups). A
 * pointer naming nothing of the site, or a neighbour of another kind, is a 400 naming it.
 */
import { errors } from '../../contract/errors.ts';
import { type HandlerContext, type Operation } from '../../contract/operation.ts';
import { moveInOrder } from '../../rules/site-order.ts';
import type { SiteExternalLinkRecord, SiteRecord } from '../../store/records.ts';
import { findIn } from '../shared/find.ts';
import { genericSchema } from '../engine/family.ts';
import { externalLinksIn, presentExternalLink } from '../shared/external-links.ts';
import { groupField, sectionField, siteOf, siteSpaceField } from '../shared/site-access.ts';
import { presentGroup, presentSection, presentSiteSpace, siteView } from '../shared/present-site.ts';
import { placeSiteSpace } from './site-spaces.ts';
import { isWithin, itemsIn, parentGroup, renumberTop } from '../shared/site-structure.ts';
import { officialOp } from '../engine/operations.ts';

type Kind = 'site-space' | 'site-section' | 'site-section-group' | 'site-external-link';
interface Pointer {
  type: Kind;
  id: string;
}
type Side = 'before' | 'after';

const fieldOf = (side: Side) => `body.position.${side}.id`;

function linkField(ctx: HandlerContext, site: SiteRecord, id: string, field: string): SiteExternalLinkRecord {
  const link = findIn(ctx.db.siteExternalLinks, id, (l) => l.parent === site.id);
  if (!link) throw errors.unknownReference(id, `${field}: no external link "${id}" in this site`);
  return link;
}

/** The anchors of a position, checked: each must be of one of `kinds` (400 naming it otherwise). */
function anchorsOf(position: Partial<Record<Side, Pointer>>, kinds: readonly Kind[], what: string): [Side, Pointer][] {
  const out: [Side, Pointer][] = [];
  for (const side of ['before', 'after'] as const) {
    const pointer = position[side];
    if (!pointer) continue;
    if (!kinds.includes(pointer.type)) throw errors.badRequest(`body.position.${side}.type: ${what} moves among ${kinds.join(' and ')} items, not next to a ${pointer.type}`);
    out.push([side, pointer]);
  }
  return out;
}

/** The container (a group, or undefined for the top level) of the section or group a pointer names. */
function containerOf(ctx: HandlerContext, site: SiteRecord, pointer: Pointer, field: string): string | undefined {
  if (pointer.type === 'site-section-group') return parentGroup(ctx.db, groupField(ctx, site, pointer.id, field));
  const section = sectionField(ctx, site, pointer.id, field);
  return section.sectionGroup && ctx.db.siteSectionGroups.get(section.sectionGroup) ? section.sectionGroup : undefined;
}

/** Moves a section or a group among the sections and groups of the container its anchor is in. */
function moveTopItem(ctx: HandlerContext, site: SiteRecord, item: { kind: 'section' | 'group'; id: string }, position: Partial<Record<Side, Pointer>>) {
  const anchors = anchorsOf(position, ['site-section', 'site-section-group'], `a ${item.kind === 'section' ? 'section' : 'section group'}`);
  const containers = anchors.map(([side, pointer]) => containerOf(ctx, site, pointer, fieldOf(side)));
  const container = containers[0];
  if (item.kind === 'group' && container !== undefined && isWithin(ctx.db, ctx.db.siteSectionGroups.existing(container), item.id)) {
    throw errors.badRequest(`${fieldOf(anchors[0][0])}: a section group cannot move inside itself`);
  }
  const top = itemsIn(ctx.db, site.id, container).map((i) => ({ kind: i.kind, id: i.row.id }));
  const result = moveInOrder(top.map((i) => i.id), item.id, { before: position.before?.id, after: position.after?.id });
  if (!result.ok) throw errors.badRequest(`${fieldOf(result.field as Side)}: ${result.reason}`);
  if (item.kind === 'section') ctx.db.siteSections.update(item.id, { sectionGroup: container });
  else ctx.db.siteSectionGroups.update(item.id, { sectionGroup: container });
  const kinds = new Map(top.map((i) => [i.id, i.kind]));
  renumberTop(ctx.db, result.order.map((id) => ({ id, kind: kinds.get(id) ?? item.kind })));
}

/** Moves an external link among the external links of the container its anchor is in; they take their new positions. */
function moveLink(ctx: HandlerContext, site: SiteRecord, link: SiteExternalLinkRecord, position: Partial<Record<Side, Pointer>>) {
  const anchors = anchorsOf(position, ['site-external-link'], 'an external link');
  const group = anchors.length > 0 ? linkField(ctx, site, anchors[0][1].id, fieldOf(anchors[0][0])).sectionGroup : undefined;
  const container = group && ctx.db.siteSectionGroups.get(group) ? group : undefined;
  const result = moveInOrder(externalLinksIn(ctx, site.id, container).map((l) => l.id), link.id, { before: position.before?.id, after: position.after?.id });
  if (!result.ok) throw errors.badRequest(`${fieldOf(result.field as Side)}: ${result.reason}`);
  if (link.sectionGroup !== container) ctx.db.siteExternalLinks.update(link.id, { sectionGroup: container });
  result.order.forEach((id, at) => {
    if (ctx.db.siteExternalLinks.existing(id).position !== at) ctx.db.siteExternalLinks.update(id, { position: at });
  });
}

export const structureSortOperations: Operation[] = [
  officialOp('sortSiteStructure', {
    response: genericSchema('sortSiteStructure-response'),
    handle: (ctx) => {
      const { org, site } = siteOf(ctx, true);
      const { item } = ctx.body;
      const position = (ctx.body.position ?? {}) as Partial<Record<Side, Pointer>>;
      // Presented as the structure now reads (a move can change which section is the default).
      const view = () => siteView(ctx, org, site);
      switch (item.type) {
        case 'site-space': {
          const ss = siteSpaceField(ctx, site, item.id, 'body.item.id');
          anchorsOf(position, ['site-space'], 'a site space');
          placeSiteSpace(ctx, site, ss, { before: position.before?.id, after: position.after?.id }, fieldOf);
          return presentSiteSpace(ctx, view(), ctx.db.siteSpaces.existing(ss.id));
        }
        case 'site-section': {
          const section = sectionField(ctx, site, item.id, 'body.item.id');
          moveTopItem(ctx, site, { kind: 'section', id: section.id }, position);
          return presentSection(ctx, view(), ctx.db.siteSections.existing(section.id));
        }
        case 'site-section-group': {
          const group = groupField(ctx, site, item.id, 'body.item.id');
          moveTopItem(ctx, site, { kind: 'group', id: group.id }, position);
          return presentGroup(ctx, view(), ctx.db.siteSectionGroups.existing(group.id));
        }
        default: {
          const link = linkField(ctx, site, item.id, 'body.item.id');
          moveLink(ctx, site, link, position);
          return presentExternalLink(ctx, ctx.db.siteExternalLinks.existing(link.id));
        }
      }
    },
  }),
];
