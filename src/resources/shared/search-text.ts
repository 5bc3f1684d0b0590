/**
 * Plain functions behind organization search: a page's markdown split into sections (a
 * heading and the text under it, read by the one markdown reader), and a full-text match
 * of query terms (every term must occur as the start of a word, case- and accent-blind).
 */
import { blockText, blocks, inlineText } from '../../text/markdown.ts';
import { fold, slug } from '../../text/slug.ts';

export interface Section {
  /** The heading's anchor (empty for the text before the first heading). */
  anchor: string;
  title: string;
  body: string;
}

/** `Day one` → `day-one`: the anchor GitBook gives a heading (the one slugger). */
export { slug as anchorOf };

/** Sections of a page: text before the first heading belongs to a section titled like the page. */
export function splitSections(pageTitle: string, markdown: string): Section[] {
  const sections: Section[] = [];
  let current: { anchor: string; title: string; texts: string[] } = { anchor: '', title: pageTitle, texts: [] };
  const flush = () => {
    const body = current.texts.filter(Boolean).join('\n').replace(/[ \t]+/g, ' ').trim();
    if (body || current.anchor) sections.push({ anchor: current.anchor, title: current.title, body });
  };
  for (const token of blocks(markdown)) {
    if (token.type === 'heading') {
      flush();
      const title = inlineText(token.tokens).trim();
      current = { anchor: slug(title), title, texts: [] };
    } else current.texts.push(blockText(token));
  }
  flush();
  return sections;
}

/** The query's terms: words of letters and digits, folded, without repeats. */
export function queryTerms(query: string): string[] {
  return [...new Set(fold(query).match(/[\p{L}\p{N}]+/gu) ?? [])];
}

/**
 * How well `text` matches: 0 unless every term starts a word of the text; otherwise the
 * number of word starts matched (so repeated terms score higher).
 */
export function matchScore(text: string, terms: readonly string[]): number {
  if (terms.length === 0) return 0;
  const words = fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  let score = 0;
  for (const term of terms) {
    const hits = words.filter((w) => w.startsWith(term)).length;
    if (hits === 0) return 0;
    score += hits;
  }
  return score;
}
