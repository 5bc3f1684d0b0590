import { describe, expect, it } from 'vitest';
import { mergeContent, mergePages } from '../../../src/rules/content-merge.ts';
import type { PageRecord } from '../../../src/store/records.ts';
import { withDocument } from '../../../src/rules/page-document.ts';

const AT = '2025-01-01T00:00:00.000Z';

function page(id: string, markdown = `# ${id}`, pages: PageRecord[] = []): PageRecord {
  return withDocument({ id, title: id, slug: id, type: 'document' as const, markdown, createdAt: AT, updatedAt: AT, pages });
}

const base = [page('a'), page('b', '# b', [page('b1')])];

describe('three-way page merge', () => {
  it('keeps edits made on both sides to different pages', () => {
    const ours = [page('a', 'ours'), page('b', '# b', [page('b1')])];
    const theirs = [page('a'), page('b', 'theirs', [page('b1')])];
    const merged = mergePages(base, ours, theirs);
    expect(merged.map((p) => p.markdown)).toEqual(['ours', 'theirs']);
  });

  it('adds pages created in the change request under the same parent', () => {
    const ours = [page('a'), page('b', '# b', [page('b1'), page('b2')])];
    const merged = mergePages(base, ours, base);
    expect(merged[1].pages.map((p) => p.id)).toEqual(['b1', 'b2']);
  });

  it('removes pages the change request removed', () => {
    const ours = [page('b', '# b', [page('b1')])];
    expect(mergePages(base, ours, [...base, page('c')]).map((p) => p.id)).toEqual(['b', 'c']);
  });

  it('keeps pages the primary content added meanwhile', () => {
    const theirs = [...base, page('c')];
    expect(mergePages(base, base, theirs).map((p) => p.id)).toEqual(['a', 'b', 'c']);
  });

  it('merges variables by name', () => {
    const content = (variables: Record<string, string>) => ({ pages: [], files: [], reusableContents: [], variables });
    const merged = mergeContent(content({ x: '1', y: '1' }), content({ x: '2', y: '1' }), content({ x: '1', y: '3', z: '4' }));
    expect(merged.variables).toEqual({ x: '2', y: '3', z: '4' });
  });
});
