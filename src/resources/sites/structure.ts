/**
 * Reading and rewriting a site's structure in the store. Top-level items (ungrouped
 * sections and section groups) share one order; sections inside a group have their own;
 * site spaces are ordered within their section (or at the root of a site without
 * sections). Defaults are derived with effectiveDefault, so they never dangle.
 */
import { effectiveDefault } from '../../rules/site-order.ts';
import type { Runtime } from '../../runtime.ts';
import type { SiteRecord, SiteSectionGroupRecord, SiteSectionRecord, SiteSpaceRecord } from '../../store/records.ts';

export type TopItem = { kind: 'section'; row: SiteSectionRecord } | { kind: 'group'; row: SiteSectionGroupRecord };

function byPosition<T extends { id: string; position: number }>(table: { seqOf(id: string): number | undefined }, rows: T[]): T[] {
  return rows.sort((a, b) => a.position - b.position || (table.seqOf(a.id) ?? 0) - (table.seqOf(b.id) ?? 0));
}

export function groupsOf(rt: Runtime, siteId: string): SiteSectionGroupRecord[] {
  return byPosition(rt.db.siteSectionGroups, rt.db.siteSectionGroups.by('site', siteId));
}

/** The sections of a group, in order. */
export function sectionsInGroup(rt: Runtime, siteId: string, groupId: string): SiteSectionRecord[] {
  return byPosition(rt.db.siteSections, rt.db.siteSections.by('site', siteId).filter((s) => s.sectionGroup === groupId));
}

/** Ungrouped sections and groups, in their shared order. */
export function topLevel(rt: Runtime, siteId: string): TopItem[] {
  const items: TopItem[] = [
    ...rt.db.siteSections.by('site', siteId).filter((s) => !s.sectionGroup).map((row) => ({ kind: 'section' as const, row })),
    ...rt.db.siteSectionGroups.by('site', siteId).map((row) => ({ kind: 'group' as const, row })),
  ];
  const seq = (i: TopItem) => (i.kind === 'section' ? rt.db.siteSections.seqOf(i.row.id) : rt.db.siteSectionGroups.seqOf(i.row.id)) ?? 0;
  return items.sort((a, b) => a.row.position - b.row.position || seq(a) - seq(b));
}

/** Every section in structure order (a group's sections where the group stands). */
export function orderedSections(rt: Runtime, siteId: string): SiteSectionRecord[] {
  return topLevel(rt, siteId).flatMap((item) => (item.kind === 'section' ? [item.row] : sectionsInGroup(rt, siteId, item.row.id)));
}

/** The site spaces of a section, or of the root when `sectionId` is undefined, in order. */
export function siteSpacesIn(rt: Runtime, siteId: string, sectionId: string | undefined): SiteSpaceRecord[] {
  return byPosition(rt.db.siteSpaces, rt.db.siteSpaces.by('site', siteId).filter((s) => s.section === sectionId));
}

/** Every site space in structure order. */
export function orderedSiteSpaces(rt: Runtime, siteId: string): SiteSpaceRecord[] {
  return [...siteSpacesIn(rt, siteId, undefined), ...orderedSections(rt, siteId).flatMap((s) => siteSpacesIn(rt, siteId, s.id))];
}

export function defaultSectionId(rt: Runtime, site: SiteRecord): string | undefined {
  return effectiveDefault(orderedSections(rt, site.id).map((s) => s.id), site.defaultSiteSection);
}

/** The default site space of a section, or of the root. */
export function defaultSiteSpaceId(rt: Runtime, site: SiteRecord, sectionId: string | undefined): string | undefined {
  const ids = siteSpacesIn(rt, site.id, sectionId).map((s) => s.id);
  const preferred = sectionId ? rt.db.siteSections.get(sectionId)?.defaultSiteSpace : site.defaultSiteSpace;
  return effectiveDefault(ids, preferred);
}

export function isDefaultSiteSpace(rt: Runtime, site: SiteRecord, ss: SiteSpaceRecord): boolean {
  return defaultSiteSpaceId(rt, site, ss.section) === ss.id;
}

/** Rewrites positions 0..n-1 of top-level items in the given order. */
export function renumberTop(rt: Runtime, items: readonly { kind: 'section' | 'group'; id: string }[]): void {
  items.forEach((item, position) => {
    const table = item.kind === 'section' ? rt.db.siteSections : rt.db.siteSectionGroups;
    if (table.get(item.id)!.position !== position) table.update(item.id, { position });
  });
}

export function renumber(table: Runtime['db']['siteSections'] | Runtime['db']['siteSpaces'], ids: readonly string[]): void {
  ids.forEach((id, position) => {
    if (table.get(id)!.position !== position) (table as Runtime['db']['siteSpaces']).update(id, { position });
  });
}

export function nextPosition(rows: readonly { position: number }[]): number {
  return rows.reduce((max, r) => Math.max(max, r.position + 1), 0);
}

/** Removes a section and its site spaces (the site keeps a valid default by derivation). */
export function deleteSection(rt: Runtime, section: SiteSectionRecord): void {
  for (const ss of rt.db.siteSpaces.by('site', section.site)) if (ss.section === section.id) rt.db.siteSpaces.delete(ss.id);
  rt.db.siteSections.delete(section.id);
  const site = rt.db.sites.get(section.site)!;
  if (site.defaultSiteSection === section.id) rt.db.sites.update(site.id, { defaultSiteSection: undefined });
}

/** Removes a site and everything under it. */
export function deleteSite(rt: Runtime, site: SiteRecord): void {
  const { siteSpaces, siteSections, siteSectionGroups, shareLinks, sites } = rt.db;
  for (const table of [siteSpaces, siteSections, siteSectionGroups, shareLinks] as const) {
    for (const id of [...table.idsBy('site', site.id)]) table.delete(id);
  }
  sites.delete(site.id);
}
