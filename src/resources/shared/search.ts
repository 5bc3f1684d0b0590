/**
 * GET /orgs/{organizationId}/search: full-text search over the titles and markdown of the
 * pages of the spaces the caller can read (deleted spaces left out), grouped by space and
 * page, with the matching sections. Spaces come best first; `rank` numbers pages across
 * the whole ranked result.
 */
import type { OrganizationRecord, PageRecord, SpaceRecord } from '../../store/records.ts';
import { spaceRole } from './access.ts';
import { appUrl } from './present.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import { matchScore, queryTerms, splitSections } from './search-text.ts';

/** Page title and description hits weigh more than body hits. */
const TITLE_WEIGHT = 3;

export interface PageHit {
  page: PageRecord;
  path: string;
  ancestors: { title: string }[];
  score: number;
  titleMatch: boolean;
  sections: { anchor: string; title: string; body: string; score: number }[];
}

function walk(pages: readonly PageRecord[], parentPath: string, ancestors: { title: string }[], visit: (p: PageRecord, path: string, anc: { title: string }[]) => void) {
  for (const page of pages) {
    const path = parentPath ? `${parentPath}/${page.slug}` : page.slug;
    visit(page, path, ancestors);
    walk(page.pages, path, [...ancestors, { title: page.title }], visit);
  }
}

/** How a text scores for a query (0: no match). */
export type Scorer = (text: string) => number;

/** What a search leaves out: hidden pages (a published site's search does not show them). */
export interface SearchOptions {
  skipHidden?: boolean;
}

/**
 * The pages of the space's live content that match, best first (`terms`: every term must
 * start a word; or a scorer of its own, as asking uses).
 */
export function searchSpace(ctx: HandlerContext, space: SpaceRecord, terms: string[] | Scorer, options: SearchOptions = {}): PageHit[] {
  const revision = ctx.db.revisions.get(space.revision);
  if (!revision) return [];
  const scoreOf: Scorer = typeof terms === 'function' ? terms : (text) => matchScore(text, terms);
  const hits: PageHit[] = [];
  walk(revision.pages, '', [], (page, path, ancestors) => {
    if (options.skipHidden && page.hidden) return;
    const head = `${page.title} ${page.description ?? ''}`;
    const titleScore = scoreOf(head) * TITLE_WEIGHT;
    const sections = splitSections(page.title, page.markdown)
      .map((s) => ({ ...s, score: scoreOf(`${s.title} ${s.body}`) }))
      .filter((s) => s.score > 0);
    const score = titleScore + sections.reduce((sum, s) => sum + s.score, 0);
    if (score > 0) hits.push({ page, path, ancestors, score, titleMatch: titleScore > 0, sections });
  });
  return hits.sort((a, b) => b.score - a.score);
}

/** Page hits of one space as official SearchPageResult objects, ranked from `firstRank`. */
export function presentPageHits(space: SpaceRecord, hits: readonly PageHit[], firstRank = 1) {
  const base = `/o/${space.organization}/s/${space.id}`;
  return hits.map((hit, i) => ({
    id: hit.page.id,
    title: hit.page.title,
    description: hit.page.description ?? '',
    path: hit.path,
    score: hit.score,
    rank: firstRank + i,
    resultType: hit.sections.length > 0 ? ('section' as const) : ('page' as const),
    ancestors: hit.ancestors,
    urls: { app: appUrl(`${base}/${hit.path}`) },
    sections: hit.sections.map((s) => ({
      id: s.anchor ? `${hit.page.id}#${s.anchor}` : hit.page.id,
      title: s.title,
      path: s.anchor ? `${hit.path}#${s.anchor}` : hit.path,
      score: s.score,
      resultType: 'section' as const,
      body: s.body,
      urls: { app: appUrl(`${base}/${hit.path}${s.anchor ? `#${s.anchor}` : ''}`) },
    })),
  }));
}

/** The spaces of the organization the caller can read, in the organization's order (deleted ones left out). */
export function readableSpaces(ctx: HandlerContext, org: OrganizationRecord): SpaceRecord[] {
  return ctx.db.spaces.by('organization', org.id).filter((space) => !space.deletedAt && spaceRole(ctx.db, space, ctx.user.id) !== null);
}

/** The matching pages of each space, spaces best first (those without a match left out). */
export function searchSpaces(ctx: HandlerContext, spaces: readonly SpaceRecord[], terms: string[] | Scorer, options: SearchOptions = {}) {
  const results = [];
  for (const space of spaces) {
    const pages = searchSpace(ctx, space, terms, options);
    if (pages.length > 0) results.push({ space, pages, score: pages.reduce((s, p) => s + p.score, 0) });
  }
  return results.sort((a, b) => b.score - a.score);
}

/** Ranked space results as official SearchSpaceResult objects (ranks numbered across all of them). */
export function presentSpaceResults(results: ReturnType<typeof searchSpaces>) {
  let rank = 1;
  return results.map(({ space, pages, score }) => {
    const presented = presentPageHits(space, pages, rank);
    rank += pages.length;
    return { type: 'space' as const, id: space.id, title: space.title, score, pages: presented };
  });
}

export function searchOrganization(ctx: HandlerContext, org: OrganizationRecord, query: string) {
  return presentSpaceResults(searchSpaces(ctx, readableSpaces(ctx, org), queryTerms(query)));
}
