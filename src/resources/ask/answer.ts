/**
 * Answers to questions, made from the text of the pages the caller can see, the same bytes
 * for the same state and question: the pages that best match the question's words (common
 * words left out) are cited as sources, and the answer is the best matching passage of each.
 * Nothing matches: an answer with no text, no sources and no follow-up questions.
 */
import type { HandlerContext } from '../../contract/operation.ts';
import type { SpaceRecord } from '../../store/records.ts';
import { toDocument } from '../shared/markdown.ts';
import { searchSpaces, type PageHit, type Scorer, type SearchOptions } from '../shared/search.ts';
import { matchScore, queryTerms } from '../shared/search-text.ts';
import { pageEntries } from '../shared/page-tree.ts';

/** Pages cited by an answer, and the next ones offered as follow-up questions. */
const CITED = 3;
const FOLLOWUPS = 3;
const RECOMMENDED = 5;
/** A passage is cut at a sentence's end, or a word's, past this length. */
const PASSAGE = 280;

/** Words a question is made of that say nothing of its subject. */
const COMMON = new Set(
  ('a about am an and any are as at be by can could do does for from get have how i if in is it me my of on or our please should '
    + 'tell that the their there this to use was we what when where which who why will with would you your').split(' '),
);

/** The question's words that name its subject (none: nothing to look for). */
export function subjectTerms(question: string): string[] {
  return queryTerms(question).filter((t) => !COMMON.has(t));
}

/** A text scores the word starts it shares with any of the terms (a question need not repeat every word of a page). */
function anyTerm(terms: readonly string[]): Scorer {
  return (text) => terms.reduce((sum, term) => sum + matchScore(text, [term]), 0);
}

export interface Cited {
  space: SpaceRecord;
  hit: PageHit;
}

/** The matching pages of the spaces, best first (ties in the spaces' and pages' order). */
export function matchingPages(ctx: HandlerContext, spaces: readonly SpaceRecord[], question: string, options: SearchOptions = {}): Cited[] {
  const terms = subjectTerms(question);
  if (terms.length === 0) return [];
  const cited = spaces.flatMap((space) => searchSpaces(ctx, [space], anyTerm(terms), options).flatMap((r) => r.pages.map((hit) => ({ space, hit }))));
  return cited.map((c, i) => ({ c, i })).sort((a, b) => b.c.hit.score - a.c.hit.score || a.i - b.i).map(({ c }) => c);
}

/** The first sentences of a text, up to about PASSAGE characters. */
function passage(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= PASSAGE) return flat;
  const sentence = flat.slice(0, PASSAGE + 1).match(/^.*[.!?](?=\s)/)?.[0];
  if (sentence && sentence.length > PASSAGE / 3) return sentence;
  return `${flat.slice(0, flat.lastIndexOf(' ', PASSAGE))}…`;
}

/** The best matching passage of a page (its best section, else its description). */
function passageOf(hit: PageHit): string {
  const best = [...hit.sections].sort((a, b) => b.score - a.score)[0];
  const text = best?.body || hit.page.description || '';
  return text ? `**${hit.page.title}**: ${passage(text)}` : `**${hit.page.title}**`;
}

export type DocumentFormat = 'document' | 'markdown';

export interface Answer {
  /** The answer's text ('' when nothing matched). */
  markdown: string;
  followupQuestions: string[];
  sources: { type: 'page'; page: string; revision: string; space: string; sections: string[] }[];
}

/** The answer to the question over the spaces' pages, as text. */
export function answerTo(ctx: HandlerContext, spaces: readonly SpaceRecord[], question: string, options: SearchOptions = {}): Answer {
  const found = matchingPages(ctx, spaces, question, options);
  const cited = found.slice(0, CITED);
  return {
    markdown: cited.map((c) => passageOf(c.hit)).join('\n\n'),
    followupQuestions: found.slice(CITED, CITED + FOLLOWUPS).map((c) => questionAbout(c.hit.page.title)),
    sources: cited.map(({ space, hit }) => ({
      type: 'page',
      page: hit.page.id,
      revision: space.revision,
      space: space.id,
      sections: hit.sections.map((s) => (s.anchor ? `${hit.page.id}#${s.anchor}` : hit.page.id)),
    })),
  };
}

/** The official SearchAIAnswer (no `answer` when nothing matched). */
export function answerOf(ctx: HandlerContext, spaces: readonly SpaceRecord[], question: string, format: DocumentFormat = 'document', options: SearchOptions = {}) {
  const { markdown, ...rest } = answerTo(ctx, spaces, question, options);
  if (!markdown) return rest;
  return { answer: format === 'markdown' ? { markdown } : { document: toDocument(markdown) }, ...rest };
}

const questionAbout = (title: string) => `What is ${title}?`;

/** Questions a reader could ask of the spaces: one about each page with text, in the spaces' order, up to RECOMMENDED. */
export function recommendedQuestions(ctx: HandlerContext, spaces: readonly SpaceRecord[], options: SearchOptions = {}): string[] {
  const questions: string[] = [];
  for (const space of spaces) {
    const revision = ctx.db.revisions.get(space.revision);
    for (const { page } of revision ? pageEntries(revision.pages) : []) {
      if (questions.length >= RECOMMENDED) return questions;
      if ((options.skipHidden && page.hidden) || !page.markdown.trim()) continue;
      const question = questionAbout(page.title);
      if (!questions.includes(question)) questions.push(question);
    }
  }
  return questions;
}
