/**
 * Scenario pages' meta links: `{ "page": KEY }` names a page of any space (its space is written
 * out when it is another one), `{ "url": "..." }` an address. Resolved once every space is
 * built, so a page may point at a page declared after it.
 */
import type { Builder } from './builder.ts';
import { flattenPages } from './build-content.ts';
import type { ScenarioFile, ScenarioMetaLink, ScenarioPage } from './types.ts';
import type { MetaLinkTarget, PageRecord } from '../store/records.ts';

export function buildMetaLinks(b: Builder, spaces: NonNullable<ScenarioFile['spaces']>): void {
  const spaceOfPage = new Map<string, string>();
  const records = new Map<string, PageRecord>();
  for (const space of b.state.spaces) {
    const revision = b.built(b.state.revisions, space.revision);
    for (const page of flattenPages(revision.pages)) {
      spaceOfPage.set(page.id, space.id);
      records.set(page.id, page);
    }
  }
  const target = (link: ScenarioMetaLink, from: string, path: string): MetaLinkTarget => {
    if ('url' in link) return { kind: 'url', url: link.url };
    const page = b.ref('pages', link.page, `${path}/page`);
    const space = spaceOfPage.get(page);
    if (space === undefined) b.fail(`${path}/page`, `page "${link.page}" is in no space`);
    return { kind: 'page', page, ...(space !== spaceOfPage.get(from) && { space }) };
  };
  const visit = (pages: ScenarioPage[], path: string) =>
    pages.forEach((p, i) => {
      const ppath = `${path}/${i}`;
      if (p.metaLinks) {
        const id = b.ref('pages', p.key, ppath);
        const { canonical, alternates = [] } = p.metaLinks;
        const record = records.get(id);
        if (!record) b.fail(ppath, `page "${p.key}" is in no space`);
        record.metaLinks = {
          ...(canonical && { canonical: target(canonical, id, `${ppath}/metaLinks/canonical`) }),
          alternates: alternates.map((a, j) => target(a, id, `${ppath}/metaLinks/alternates/${j}`)),
        };
      }
      visit(p.pages ?? [], `${ppath}/pages`);
    });
  spaces.forEach((s, i) => visit(s.pages ?? [], `/spaces/${i}/pages`));
}
