/**
 * Reading and rewriting a site's structure in the store. A container (the top level, or a
 * section group) holds sections and section groups in one order: groups nest, as the official
 * document describes (a group's `sectionGroup` is the group it sits in). Site spaces are
 * ordered within their section (or at the root of a site without sections). Defaults are
 * derived with effectiveDefault, so they never dangle. Removing a section or a site is
 * removeWithDependents (store/removal.ts): what names it goes with it.
 */
import { effectiveDefault } from '../../rules/site-order.ts';
import type { Tables } from '../../store/store.ts';
import type { SiteRecord, SiteSectionGroupRecord, SiteSectionRecord, SiteSpaceRecord } from '../../store/records.ts';

export type TopItem = { kind: 'section'; row: SiteSectionRecord } | { kind: 'group'; row: SiteSectionGroupRecord };

function byPosition<T extends { id: string; position: number }>(table: { seqOf(id: string): number | undefined }, rows: T[]): T[] {
  return rows.sort((a, b) => a.position - b.position || (table.seqOf(a.id) ?? 0) - (table.seqOf(b.id) ?? 0));
}

/**
 * The group `group` sits in: its `sectionGroup` when that is a group of the same site whose own
 * parents never lead back to it. A loaded state may name a group deleted since, or groups that
 * hold each other: those read as the top level, so no read loops or fails.
 */
export function parentGroup(db: Tables, group: SiteSectionGroupRecord): string | undefined {
  const inSite = (id: string | undefined) => {
    const row = id === undefined ? undefined : db.siteSectionGroups.get(id);
    return row?.site === group.site ? row : undefined;
  };
  const parent = inSite(group.sectionGroup);
  const seen = new Set([group.id]);
  for (let row = parent; row; row = inSite(row.sectionGroup)) {
    if (seen.has(row.id)) return undefined;
    seen.add(row.id);
  }
  return parent?.id;
}

/** The sections and groups of a container (a group, or the top level when `groupId` is undefined), in their shared order. */
export function itemsIn(db: Tables, siteId: string, groupId: string | undefined): TopItem[] {
  const items: TopItem[] = [
    ...db.siteSections.by('site', siteId).filter((s) => s.sectionGroup === groupId).map((row) => ({ kind: 'section' as const, row })),
    ...db.siteSectionGroups.by('site', siteId).filter((g) => parentGroup(db, g) === groupId).map((row) => ({ kind: 'group' as const, row })),
  ];
  const seq = (i: TopItem) => (i.kind === 'section' ? db.siteSections.seqOf(i.row.id) : db.siteSectionGroups.seqOf(i.row.id)) ?? 0;
  return items.sort((a, b) => a.row.position - b.row.position || seq(a) - seq(b));
}

/** Ungrouped sections and top-level groups, in their shared order. */
export function topLevel(db: Tables, siteId: string): TopItem[] {
  return itemsIn(db, siteId, undefined);
}

/** Every group of a site in structure order (a nested group after the one it sits in). */
export function groupsOf(db: Tables, siteId: string): SiteSectionGroupRecord[] {
  const walk = (groupId: string | undefined): SiteSectionGroupRecord[] =>
    itemsIn(db, siteId, groupId).flatMap((item) => (item.kind === 'group' ? [item.row, ...walk(item.row.id)] : []));
  return walk(undefined);
}

/** The sections of a group, in order (not those of the groups inside it). */
export function sectionsInGroup(db: Tables, siteId: string, groupId: string): SiteSectionRecord[] {
  return byPosition(db.siteSections, db.siteSections.by('site', siteId).filter((s) => s.sectionGroup === groupId));
}

/** Whether `group` is `ancestor` or sits inside it, at any depth. */
export function isWithin(db: Tables, group: SiteSectionGroupRecord, ancestor: string): boolean {
  for (let row: SiteSectionGroupRecord | undefined = group; row; ) {
    if (row.id === ancestor) return true;
    const parent = parentGroup(db, row);
    row = parent === undefined ? undefined : db.siteSectionGroups.get(parent);
  }
  return false;
}

/** The groups a section sits in, innermost first. */
export function groupsAround(db: Tables, section: SiteSectionRecord): SiteSectionGroupRecord[] {
  const out: SiteSectionGroupRecord[] = [];
  let row = section.sectionGroup === undefined ? undefined : db.siteSectionGroups.get(section.sectionGroup);
  while (row && row.site === section.site) {
    out.push(row);
    const parent = parentGroup(db, row);
    row = parent === undefined ? undefined : db.siteSectionGroups.get(parent);
  }
  return out;
}

/** Every section in structure order (a group's sections, and those of the groups in it, where the group stands). */
export function orderedSections(db: Tables, siteId: string): SiteSectionRecord[] {
  const walk = (groupId: string | undefined): SiteSectionRecord[] =>
    itemsIn(db, siteId, groupId).flatMap((item) => (item.kind === 'section' ? [item.row] : walk(item.row.id)));
  return walk(undefined);
}

/** The site spaces of a section, or of the root when `sectionId` is undefined, in order. */
export function siteSpacesIn(db: Tables, siteId: string, sectionId: string | undefined): SiteSpaceRecord[] {
  return byPosition(db.siteSpaces, db.siteSpaces.by('site', siteId).filter((s) => s.section === sectionId));
}

/** Every site space in structure order. */
export function orderedSiteSpaces(db: Tables, siteId: string): SiteSpaceRecord[] {
  return [...siteSpacesIn(db, siteId, undefined), ...orderedSections(db, siteId).flatMap((s) => siteSpacesIn(db, siteId, s.id))];
}

/** The default section; with `shown`, among the sections it keeps (what a visitor sees: shared/site-visitor.ts). */
export function defaultSectionId(db: Tables, site: SiteRecord, shown: (s: SiteSectionRecord) => boolean = () => true): string | undefined {
  return effectiveDefault(orderedSections(db, site.id).filter(shown).map((s) => s.id), site.defaultSiteSection);
}

/** The default site space of a section, or of the root. */
export function defaultSiteSpaceId(db: Tables, site: SiteRecord, sectionId: string | undefined, shown: (ss: SiteSpaceRecord) => boolean = () => true): string | undefined {
  const ids = siteSpacesIn(db, site.id, sectionId).filter(shown).map((s) => s.id);
  const preferred = sectionId ? db.siteSections.get(sectionId)?.defaultSiteSpace : site.defaultSiteSpace;
  return effectiveDefault(ids, preferred);
}

export function isDefaultSiteSpace(db: Tables, site: SiteRecord, ss: SiteSpaceRecord): boolean {
  return defaultSiteSpaceId(db, site, ss.section) === ss.id;
}

/** Rewrites positions 0..n-1 of the items of one container in the given order. */
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
