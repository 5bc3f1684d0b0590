/**
 * Reading and rewriting a site's structure in the store. Top-level items (ungrouped
 * sections and section groups) share one order; sections inside a group have their own;
 * site spaces are ordered within their section (or at the root of a site without
 * sections). Defaults are derived with effectiveDefault, so they never dangle. Removing a
 * section or a site is removeWithDependents (store/removal.ts): what names it goes with it.
 */
import { effectiveDefault } from '../../rules/site-order.ts';
import type { Tables } from '../../store/store.ts';
import type { SiteRecord, SiteSectionGroupRecord, SiteSectionRecord, SiteSpaceRecord } from '../../store/records.ts';

export type TopItem = { kind: 'section'; row: SiteSectionRecord } | { kind: 'group'; row: SiteSectionGroupRecord };

function byPosition<T extends { id: string; position: number }>(table: { seqOf(id: string): number | undefined }, rows: T[]): T[] {
  return rows.sort((a, b) => a.position - b.position || (table.seqOf(a.id) ?? 0) - (table.seqOf(b.id) ?? 0));
}

export function groupsOf(db: Tables, siteId: string): SiteSectionGroupRecord[] {
  return byPosition(db.siteSectionGroups, db.siteSectionGroups.by('site', siteId));
}

/** The sections of a group, in order. */
export function sectionsInGroup(db: Tables, siteId: string, groupId: string): SiteSectionRecord[] {
  return byPosition(db.siteSections, db.siteSections.by('site', siteId).filter((s) => s.sectionGroup === groupId));
}

/** Ungrouped sections and groups, in their shared order. */
export function topLevel(db: Tables, siteId: string): TopItem[] {
  const items: TopItem[] = [
    ...db.siteSections.by('site', siteId).filter((s) => !s.sectionGroup).map((row) => ({ kind: 'section' as const, row })),
    ...db.siteSectionGroups.by('site', siteId).map((row) => ({ kind: 'group' as const, row })),
  ];
  const seq = (i: TopItem) => (i.kind === 'section' ? db.siteSections.seqOf(i.row.id) : db.siteSectionGroups.seqOf(i.row.id)) ?? 0;
  return items.sort((a, b) => a.row.position - b.row.position || seq(a) - seq(b));
}

/** Every section in structure order (a group's sections where the group stands). */
export function orderedSections(db: Tables, siteId: string): SiteSectionRecord[] {
  return topLevel(db, siteId).flatMap((item) => (item.kind === 'section' ? [item.row] : sectionsInGroup(db, siteId, item.row.id)));
}

/** The site spaces of a section, or of the root when `sectionId` is undefined, in order. */
export function siteSpacesIn(db: Tables, siteId: string, sectionId: string | undefined): SiteSpaceRecord[] {
  return byPosition(db.siteSpaces, db.siteSpaces.by('site', siteId).filter((s) => s.section === sectionId));
}

/** Every site space in structure order. */
export function orderedSiteSpaces(db: Tables, siteId: string): SiteSpaceRecord[] {
  return [...siteSpacesIn(db, siteId, undefined), ...orderedSections(db, siteId).flatMap((s) => siteSpacesIn(db, siteId, s.id))];
}

export function defaultSectionId(db: Tables, site: SiteRecord): string | undefined {
  return effectiveDefault(orderedSections(db, site.id).map((s) => s.id), site.defaultSiteSection);
}

/** The default site space of a section, or of the root. */
export function defaultSiteSpaceId(db: Tables, site: SiteRecord, sectionId: string | undefined): string | undefined {
  const ids = siteSpacesIn(db, site.id, sectionId).map((s) => s.id);
  const preferred = sectionId ? db.siteSections.get(sectionId)?.defaultSiteSpace : site.defaultSiteSpace;
  return effectiveDefault(ids, preferred);
}

export function isDefaultSiteSpace(db: Tables, site: SiteRecord, ss: SiteSpaceRecord): boolean {
  return defaultSiteSpaceId(db, site, ss.section) === ss.id;
}

/** Rewrites positions 0..n-1 of top-level items in the given order. */
export function renumberTop(db: Tables, items: readonly { kind: 'section' | 'group'; id: string }[]): void {
  items.forEach((item, position) => {
    const table = item.kind === 'section' ? db.siteSections : db.siteSectionGroups;
    if (table.existing(item.id).position !== position) table.update(item.id, { position });
  });
}

export function renumber(table: Tables['siteSections'] | Tables['siteSpaces'], ids: readonly string[]): void {
  ids.forEach((id, position) => {
    if (table.existing(id).position !== position) (table as Tables['siteSpaces']).update(id, { position });
  });
}

export function nextPosition(rows: readonly { position: number }[]): number {
  return rows.reduce((max, r) => Math.max(max, r.position + 1), 0);
}

