/** Scenario build step for docs sites: section groups, sections, site spaces and share links. */
import { deriveId } from '../ids.ts';
import type { Builder } from './builder.ts';
import { slugify } from '../text/slug.ts';
import type { ScenarioFile, ScenarioSiteSpace } from './types.ts';
import type { SiteSpaceRecord } from '../store/records.ts';
import { siteUrl } from '../resources/shared/site-urls.ts';

export function buildSites(b: Builder, sites: NonNullable<ScenarioFile['sites']>): void {
  sites.forEach((s, i) => {
    const path = `/sites/${i}`;
    const id = b.declare('sites', s.key, path, s.id);
    const organization = b.ref('organizations', s.organization, `${path}/organization`);
    const createdAt = b.time(s.createdAt, `${path}/createdAt`, 30 * 86_400_000);

    const siteSpace = (ss: ScenarioSiteSpace, sspath: string, position: number, section?: string): SiteSpaceRecord => {
      const space = b.ref('spaces', ss.space, `${sspath}/space`);
      if (b.built(b.state.spaces, space).organization !== organization) {
        b.fail(`${sspath}/space`, `space "${ss.space}" is not in organization "${s.organization}"`);
      }
      return {
        id: b.declare('siteSpaces', ss.key, sspath, ss.id),
        site: id,
        ...(section && { section }),
        space,
        path: ss.path ?? slugify(ss.key),
        ...(ss.condition && { condition: ss.condition }),
        position,
        createdAt,
      };
    };
    const pickDefault = <T extends { default?: boolean }>(items: T[]): number => Math.max(0, items.findIndex((x) => x.default));

    const groups = new Map<string, string>();
    (s.sectionGroups ?? []).forEach((g, j) => {
      const gid = b.declare('siteSectionGroups', g.key, `${path}/sectionGroups/${j}`);
      groups.set(g.key, gid);
      b.state.siteSectionGroups.push({ id: gid, site: id, title: g.title, ...(g.icon && { icon: g.icon }), position: j, createdAt });
    });

    let defaultSiteSection: string | undefined;
    let defaultSiteSpace: string | undefined;
    const sections = s.sections ?? [];
    sections.forEach((sec, j) => {
      const spath = `${path}/sections/${j}`;
      const sid = b.declare('siteSections', sec.key, spath, sec.id);
      const sectionGroup = sec.group ? groups.get(sec.group) : undefined;
      if (sec.group && !sectionGroup) b.fail(`${spath}/group`, `unknown section group key "${sec.group}" in this site`);
      const members = (sec.siteSpaces ?? []).map((ss, k) => siteSpace(ss, `${spath}/siteSpaces/${k}`, k, sid));
      if (members.length === 0) b.fail(`${spath}/siteSpaces`, 'a section needs at least one site space');
      b.state.siteSpaces.push(...members);
      const sectionDefault = members[pickDefault(sec.siteSpaces ?? [])].id;
      if (j === pickDefault(sections)) {
        defaultSiteSection = sid;
        defaultSiteSpace = sectionDefault;
      }
      b.state.siteSections.push({
        id: sid,
        site: id,
        title: sec.title,
        path: sec.path ?? slugify(sec.title),
        ...(sec.description && { description: sec.description }),
        ...(sec.condition && { condition: sec.condition }),
        ...(sec.icon && { icon: sec.icon }),
        ...(sectionGroup && { sectionGroup }),
        defaultSiteSpace: sectionDefault,
        position: j,
        createdAt,
      });
    });
    if (sections.length > 0 && (s.siteSpaces ?? []).length > 0) {
      b.fail(`${path}/siteSpaces`, 'a site with sections keeps its site spaces inside the sections');
    }
    const rootSpaces = (s.siteSpaces ?? []).map((ss, k) => siteSpace(ss, `${path}/siteSpaces/${k}`, k));
    b.state.siteSpaces.push(...rootSpaces);
    if (rootSpaces.length > 0) defaultSiteSpace = rootSpaces[pickDefault(s.siteSpaces ?? [])].id;

    const shareLinks: [string, string, boolean][] = [];
    (s.shareLinks ?? []).forEach((l, j) => {
      const lpath = `${path}/shareLinks/${j}`;
      const key = l.secret ?? deriveId(`${b.seed}:share-key:${l.key}`, 24);
      b.shareKeys[l.key] = key;
      shareLinks.push([l.key, key, l.active ?? true]);
      b.state.shareLinks.push({
        id: b.declare('shareLinks', l.key, lpath),
        site: id,
        name: l.name ?? l.key,
        key,
        active: l.active ?? true,
        createdAt: b.pastTime(1, 20),
      });
    });

    b.state.sites.push({
      id,
      organization,
      title: s.title ?? `${b.faker.company.buzzNoun()} docs`.replace(/^./, (c) => c.toUpperCase()),
      type: s.type ?? 'basic',
      visibility: s.visibility ?? 'public',
      published: s.published ?? false,
      ...(s.hostname && { hostname: s.hostname }),
      ...(s.basename && { basename: s.basename }),
      agentsContext: s.agentsContext ?? 'included',
      adaptiveContent: { enabled: s.adaptiveContent ?? s.adaptiveSchema !== undefined },
      ...(s.adaptiveSchema && { adaptiveSchema: { jsonSchema: s.adaptiveSchema, updatedAt: createdAt } }),
      ...(defaultSiteSection && { defaultSiteSection }),
      ...(defaultSiteSpace && { defaultSiteSpace }),
      createdAt,
      updatedAt: createdAt,
    });
    // Where a visitor opens it (resources/shared/site-urls.ts), as the manifest names it.
    const site = b.built(b.state.sites, id);
    if (site.published) {
      const org = b.built(b.state.organizations, organization);
      b.publishedUrls.sites[s.key] = siteUrl(org, site);
      for (const [linkKey, key, active] of shareLinks) if (active) b.publishedUrls.shareLinks[linkKey] = siteUrl(org, site, key);
    }
  });
}
