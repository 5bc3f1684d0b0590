/**
 * Plain functions behind organization search: a page's markdown split into sections (a
 * heading and the text under it), markdown reduced to plain text, and a full-text match
 * of query terms (every term must occur as the start of a word, case- and accent-blind).
 */
import { fold, slug } from '../../text/slug.ts';

export interface Section {
  /** The heading's anchor (empty for the text before the first heading). */
  anchor: string;
  title: string;
  body: string;
}

/** `Day one` → `day-one`: the anchor GitBook gives a heading (the one slugger). */
export { slug as anchorOf };

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;


/** Markdown to plain text: links and images keep their text, marks and fences go. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^```.*$/gm, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~]+/g, '')
    .replace(/^\s*>\s?/gm, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** Sections of a page: text before the first heading belongs to a section titled like the page. */
export function splitSections(pageTitle: string, markdown: string): Section[] {
  const sections: Section[] = [];
  let current: { anchor: string; title: string; lines: string[] } = { anchor: '', title: pageTitle, lines: [] };
  let inFence = false;
  const flush = () => {
    const body = plainText(current.lines.join('\n'));
    if (body || current.anchor) sections.push({ anchor: current.anchor, title: current.title, body });
  };
  for (const line of markdown.split('\n')) {
    if (/^```/.test(line)) inFence = !inFence;
    const heading = inFence ? null : HEADING.exec(line);
    if (heading) {
      flush();
      const title = plainText(heading[2]);
      current = { anchor: slug(title), title, lines: [] };
    } else {
      current.lines.push(line);
    }
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
