import { describe, expect, it } from 'vitest';
import { anchorOf, matchScore, queryTerms, splitSections } from '../../../../src/resources/shared/search-text.ts';

describe('search text', () => {
  it('splits markdown into heading sections, with plain text bodies', () => {
    const sections = splitSections('Onboarding', '# Onboarding\n\nYour first week.\n\n## Day one\n\nRead the [checklist](c.md).\n');
    expect(sections).toEqual([
      { anchor: 'onboarding', title: 'Onboarding', body: 'Your first week.' },
      { anchor: 'day-one', title: 'Day one', body: 'Read the checklist.' },
    ]);
  });

  it('ignores headings inside code fences', () => {
    const sections = splitSections('P', '# P\n\n```md\n# not a heading\n```\n');
    expect(sections.map((s) => s.title)).toEqual(['P']);
  });

  it('matches every term at the start of a word, ignoring case and accents', () => {
    const terms = queryTerms('Café DAY');
    expect(matchScore('the cafe opens on day one, every day', terms)).toBe(3);
    expect(matchScore('the cafe opens today', terms)).toBe(0);
  });

  it('gives headings GitBook-like anchors', () => {
    expect(anchorOf('Per diem & meals')).toBe('per-diem-meals');
  });
});
